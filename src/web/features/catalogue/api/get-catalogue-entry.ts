import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType, CardType, LoanType } from '../../../../shared/schemas/catalogue';
import { apiGet } from '../../../lib/api-client';

const entryQuery = <T>(kind: string, path: string, slug: string) =>
  queryOptions({
    queryKey: ['catalogue', kind, slug],
    queryFn: ({ signal }) => apiGet<T>(`${path}/${encodeURIComponent(slug)}`, signal),
    staleTime: 5 * 60_000,
  });

export const useAccountType = (slug: string) => useQuery(entryQuery<AccountType>('account', '/api/accounts', slug));
export const useCardType = (slug: string) => useQuery(entryQuery<CardType>('card', '/api/cards', slug));
export const useLoanType = (slug: string) => useQuery(entryQuery<LoanType>('loan', '/api/loans', slug));
