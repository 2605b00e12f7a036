import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountLimitAnswer } from '../../../../shared/schemas/limits';
import { apiGet } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

/**
 * GET /api/transferLimits/account/:id: the account's transfer limits and what is left today.
 * Under `banking`, so a transfer's refresh (`useRefreshBanking`) fetches what is left again.
 */
export const accountLimitsQuery = (accountId: string) =>
  queryOptions({ queryKey: [...bankingKeys.all, 'limits', accountId] as const, queryFn: ({ signal }) => apiGet<AccountLimitAnswer>(`/api/transferLimits/account/${accountId}`, signal) });

export const useAccountLimits = (accountId: string) => useQuery(accountLimitsQuery(accountId));
