import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../../../shared/language';
import type { AccountType, CardType, LoanType } from '../../../../shared/schemas/catalogue';
import type { PublicRates } from '../../../../shared/schemas/interest-terms';
import { apiGet } from '../../../lib/api-client';
import { useCatalogueLanguage } from '../../../lib/catalogue-language';

const entryQuery = <T>(kind: string, path: string, slug: string, language: Language) =>
  queryOptions({
    queryKey: ['catalogue', kind, slug, language],
    queryFn: ({ signal }) => apiGet<T>(`${path}/${encodeURIComponent(slug)}?lang=${language}`, signal),
    staleTime: 5 * 60_000,
  });

export const accountTypeQueryOptions = (slug: string, language: Language) => entryQuery<AccountType>('account', '/api/accounts', slug, language);
export const cardTypeQueryOptions = (slug: string, language: Language) => entryQuery<CardType>('card', '/api/cards', slug, language);
export const loanTypeQueryOptions = (slug: string, language: Language) => entryQuery<LoanType>('loan', '/api/loans', slug, language);

export const useAccountType = (slug: string) => useQuery(accountTypeQueryOptions(slug, useCatalogueLanguage()));
export const useCardType = (slug: string) => useQuery(cardTypeQueryOptions(slug, useCatalogueLanguage()));
export const useLoanType = (slug: string) => useQuery(loanTypeQueryOptions(slug, useCatalogueLanguage()));

/** GET /api/rates: the FDR rates offered today, served from the catalogue's memory like the types. */
export const useCatalogueRates = () => useQuery(queryOptions({ queryKey: ['catalogue', 'rates'], queryFn: ({ signal }) => apiGet<PublicRates>('/api/rates', signal), staleTime: 5 * 60_000 }));
