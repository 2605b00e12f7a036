import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardAnswer, LoanAnswer, LoanScheduleAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGet } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

export const myLoansQuery = () => queryOptions({ queryKey: bankingKeys.loans(), queryFn: ({ signal }) => apiGet<LoanAnswer[]>('/api/userLoans', signal) });
export const useMyLoans = () => useQuery(myLoansQuery());

export const loanQuery = (id: string) =>
  queryOptions({ queryKey: bankingKeys.loan(id), queryFn: ({ signal }) => apiGet<LoanAnswer>(`/api/singleLoanDetails/${encodeURIComponent(id)}`, signal) });
export const useLoan = (id: string) => useQuery(loanQuery(id));

export const loanScheduleQuery = (id: string) =>
  queryOptions({ queryKey: [...bankingKeys.loan(id), 'schedule'] as const, queryFn: ({ signal }) => apiGet<LoanScheduleAnswer>(`/api/loanSchedule/${encodeURIComponent(id)}`, signal) });
export const useLoanSchedule = (id: string) => useQuery(loanScheduleQuery(id));

export const myCardsQuery = () => queryOptions({ queryKey: bankingKeys.cards(), queryFn: ({ signal }) => apiGet<CardAnswer[]>('/api/userCards', signal) });
export const useMyCards = () => useQuery(myCardsQuery());
