import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGet } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/singleAccDetails/{id}: staff may read any account. */
export const getAccount = (accountId: string, signal?: AbortSignal) => apiGet<AccountAnswer>(`/api/singleAccDetails/${encodeURIComponent(accountId)}`, signal);

export const accountQueryOptions = (accountId: string) => queryOptions({ queryKey: dashboardKeys.account(accountId), queryFn: ({ signal }) => getAccount(accountId, signal) });

export const useAccount = (accountId: string) => useQuery(accountQueryOptions(accountId));
