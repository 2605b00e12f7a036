import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType, CardType, LoanType } from '../../../../shared/schemas/catalogue';
import { apiGet } from '../../../lib/api-client';

export const accountTypesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'account'], queryFn: ({ signal }) => apiGet<AccountType[]>('/api/accountsTypes', signal), staleTime: 5 * 60_000 });
export const cardTypesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'card'], queryFn: ({ signal }) => apiGet<CardType[]>('/api/cardsTypes', signal), staleTime: 5 * 60_000 });
export const loanTypesQueryOptions = () =>
  queryOptions({ queryKey: ['catalogue', 'loan'], queryFn: ({ signal }) => apiGet<LoanType[]>('/api/loansTypes', signal), staleTime: 5 * 60_000 });

/** `enabled: false` holds the request back (a menu that is not needed yet); the data already loaded still shows. */
export const useAccountTypes = (enabled = true) => useQuery({ ...accountTypesQueryOptions(), enabled });
export const useCardTypes = (enabled = true) => useQuery({ ...cardTypesQueryOptions(), enabled });
export const useLoanTypes = (enabled = true) => useQuery({ ...loanTypesQueryOptions(), enabled });
