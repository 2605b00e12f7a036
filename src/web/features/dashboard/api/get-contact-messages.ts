import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredContactMessage } from '../../../../shared/schemas/contact';
import { apiGetWithTotal, type PageWithTotal } from '../../../lib/api-client';
import { dashboardKeys, listQueryString, type ListParams } from './dashboard-keys';

/** GET /api/contactMessages: newest first, paged with limit and offset, size in X-Total-Count. */
export const getContactMessages = (params: ListParams, signal?: AbortSignal): Promise<PageWithTotal<StoredContactMessage>> =>
  apiGetWithTotal<StoredContactMessage>(`/api/contactMessages?${listQueryString({ limit: params.limit, offset: params.offset })}`, signal);

export const contactMessagesQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: dashboardKeys.list('messages', params), queryFn: ({ signal }) => getContactMessages(params, signal), placeholderData: keepPreviousData });

export const useContactMessages = (params: ListParams) => useQuery(contactMessagesQueryOptions(params));
