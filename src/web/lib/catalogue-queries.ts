import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '../../shared/language';
import type { AccountType, CardType, LoanType } from '../../shared/schemas/catalogue';
import { apiGet } from './api-client';
import { useCatalogueLanguage } from './catalogue-language';

const listQuery = <T>(kind: string, path: string, language: Language) =>
  queryOptions({ queryKey: ['catalogue', kind, language], queryFn: ({ signal }) => apiGet<T[]>(`${path}?lang=${language}`, signal), staleTime: 5 * 60_000 });

export const accountTypesQueryOptions = (language: Language) => listQuery<AccountType>('account', '/api/accountsTypes', language);
export const cardTypesQueryOptions = (language: Language) => listQuery<CardType>('card', '/api/cardsTypes', language);
export const loanTypesQueryOptions = (language: Language) => listQuery<LoanType>('loan', '/api/loansTypes', language);

/** `enabled: false` holds the request back (a menu that is not needed yet); the data already loaded still shows. */
export const useAccountTypes = (enabled = true) => useQuery({ ...accountTypesQueryOptions(useCatalogueLanguage()), enabled });
export const useCardTypes = (enabled = true) => useQuery({ ...cardTypesQueryOptions(useCatalogueLanguage()), enabled });
export const useLoanTypes = (enabled = true) => useQuery({ ...loanTypesQueryOptions(useCatalogueLanguage()), enabled });
