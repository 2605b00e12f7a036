import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType, CardType, LoanType } from '../../../../shared/schemas/catalogue';
import { apiGet } from '../../../lib/api-client';

export const accountTypesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'account'], queryFn: ({ signal }) => apiGet<AccountType[]>('/api/accountsTypes', signal), staleTime: 5 * 60_000 });
export const cardTypesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'card'], queryFn: ({ signal }) => apiGet<CardType[]>('/api/cardsTypes', signal), staleTime: 5 * 60_000 });
export const loanTypesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'loan'], queryFn: ({ signal }) => apiGet<LoanType[]>('/api/loansTypes', signal), staleTime: 5 * 60_000 });

export const useAccountTypes = () => useQuery(accountTypesQueryOptions());
export const useCardTypes = () => useQuery(cardTypesQueryOptions());
export const useLoanTypes = () => useQuery(loanTypesQueryOptions());
