import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardAnswer } from '../../../../shared/schemas/banking-answers';
import { bankingAnswer } from '../../../lib/account-queries';
import { apiGet, apiRequestChecked } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

// Loans are money and read through their schemas (record 068); a card carries no amount and is typed only.

export const myLoansQuery = () => queryOptions({ queryKey: bankingKeys.loans(), queryFn: ({ signal }) => apiRequestChecked(bankingAnswer('loanListAnswerSchema'), '/api/userLoans', { signal }) });
export const useMyLoans = () => useQuery(myLoansQuery());

export const loanQuery = (id: string) =>
  queryOptions({ queryKey: bankingKeys.loan(id), queryFn: ({ signal }) => apiRequestChecked(bankingAnswer('loanAnswerSchema'), `/api/singleLoanDetails/${encodeURIComponent(id)}`, { signal }) });
export const useLoan = (id: string) => useQuery(loanQuery(id));

export const loanScheduleQuery = (id: string) =>
  queryOptions({
    queryKey: [...bankingKeys.loan(id), 'schedule'] as const,
    queryFn: ({ signal }) => apiRequestChecked(bankingAnswer('loanScheduleAnswerSchema'), `/api/loanSchedule/${encodeURIComponent(id)}`, { signal }),
  });
export const useLoanSchedule = (id: string) => useQuery(loanScheduleQuery(id));

export const myCardsQuery = () => queryOptions({ queryKey: bankingKeys.cards(), queryFn: ({ signal }) => apiGet<CardAnswer[]>('/api/userCards', signal) });
export const useMyCards = () => useQuery(myCardsQuery());
