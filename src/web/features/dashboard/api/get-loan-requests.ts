import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGetWithTotal, type PageWithTotal } from '../../../lib/api-client';
import { dashboardKeys, listQueryString, type ListParams } from './dashboard-keys';

/** GET /api/userLoanReq: loan requests and loans, newest first (staff). */
export const getLoanRequests = (params: ListParams, signal?: AbortSignal): Promise<PageWithTotal<LoanAnswer>> => apiGetWithTotal<LoanAnswer>(`/api/userLoanReq?${listQueryString(params)}`, signal);

export const loanRequestsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: dashboardKeys.list('loans', params), queryFn: ({ signal }) => getLoanRequests(params, signal), placeholderData: keepPreviousData });

export const useLoanRequests = (params: ListParams) => useQuery(loanRequestsQueryOptions(params));
