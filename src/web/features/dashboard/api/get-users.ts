import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RegisteredUser } from '../../../../shared/schemas/users';
import { apiGetWithTotal, type PageWithTotal } from '../../../lib/api-client';
import { dashboardKeys, listQueryString, type ListParams } from './dashboard-keys';

/** GET /api/allUsers: every registered user, staff included, oldest first. */
export const getUsers = (params: ListParams, signal?: AbortSignal): Promise<PageWithTotal<RegisteredUser>> => apiGetWithTotal<RegisteredUser>(`/api/allUsers?${listQueryString(params)}`, signal);

export const usersQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: dashboardKeys.list('users', params), queryFn: ({ signal }) => getUsers(params, signal), placeholderData: keepPreviousData });

export const useUsers = (params: ListParams) => useQuery(usersQueryOptions(params));
