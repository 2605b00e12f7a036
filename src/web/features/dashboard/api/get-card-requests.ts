import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CardAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGetWithTotal, type PageWithTotal } from '../../../lib/api-client';
import { dashboardKeys, listQueryString, type ListParams } from './dashboard-keys';

/** GET /api/dashCardReq: card requests and issued cards, newest first (staff). */
export const getCardRequests = (params: ListParams, signal?: AbortSignal): Promise<PageWithTotal<CardAnswer>> => apiGetWithTotal<CardAnswer>(`/api/dashCardReq?${listQueryString(params)}`, signal);

export const cardRequestsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: dashboardKeys.list('cards', params), queryFn: ({ signal }) => getCardRequests(params, signal), placeholderData: keepPreviousData });

export const useCardRequests = (params: ListParams) => useQuery(cardRequestsQueryOptions(params));
