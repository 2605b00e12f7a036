import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGetWithTotal, type PageWithTotal } from '../../../lib/api-client';
import { dashboardKeys, listQueryString, type ListParams } from './dashboard-keys';

/** GET /api/dashDepoShow: deposit requests, newest first (staff). */
export const getDepositRequests = (params: ListParams, signal?: AbortSignal): Promise<PageWithTotal<DepositAnswer>> =>
  apiGetWithTotal<DepositAnswer>(`/api/dashDepoShow?${listQueryString(params)}`, signal);

export const depositRequestsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: dashboardKeys.list('deposits', params), queryFn: ({ signal }) => getDepositRequests(params, signal), placeholderData: keepPreviousData });

export const useDepositRequests = (params: ListParams) => useQuery(depositRequestsQueryOptions(params));
