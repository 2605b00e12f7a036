import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGetWithTotal, type PageWithTotal } from '../../../lib/api-client';
import { dashboardKeys, listQueryString, type ListParams } from './dashboard-keys';

/** GET /api/userAccounts: every account request, newest first (staff). */
export const getAccountRequests = (params: ListParams, signal?: AbortSignal): Promise<PageWithTotal<AccountAnswer>> =>
  apiGetWithTotal<AccountAnswer>(`/api/userAccounts?${listQueryString(params)}`, signal);

export const accountRequestsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: dashboardKeys.list('accounts', params), queryFn: ({ signal }) => getAccountRequests(params, signal), placeholderData: keepPreviousData });

export const useAccountRequests = (params: ListParams) => useQuery(accountRequestsQueryOptions(params));
