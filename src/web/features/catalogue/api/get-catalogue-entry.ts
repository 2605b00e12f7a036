import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType, CardType, LoanType } from '../../../../shared/schemas/catalogue';
import { apiGet } from '../../../lib/api-client';

const entryQuery = <T>(kind: string, path: string, slug: string) =>
  queryOptions({
    queryKey: ['catalogue', kind, slug],
    queryFn: ({ signal }) => apiGet<T>(`${path}/${encodeURIComponent(slug)}`, signal),
    staleTime: 5 * 60_000,
  });

export const accountTypeQueryOptions = (slug: string) => entryQuery<AccountType>('account', '/api/accounts', slug);
export const cardTypeQueryOptions = (slug: string) => entryQuery<CardType>('card', '/api/cards', slug);
export const loanTypeQueryOptions = (slug: string) => entryQuery<LoanType>('loan', '/api/loans', slug);

export const useAccountType = (slug: string) => useQuery(accountTypeQueryOptions(slug));
export const useCardType = (slug: string) => useQuery(cardTypeQueryOptions(slug));
export const useLoanType = (slug: string) => useQuery(loanTypeQueryOptions(slug));
