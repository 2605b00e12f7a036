import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestChecked } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

/**
 * GET /api/transferLimits/account/:id: the account's transfer limits and what is left today.
 * Under `banking`, so a transfer's refresh (`useRefreshBanking`) fetches what is left again. Read
 * through its schema, as the transfer form checks amounts against it (record 068).
 */
export const accountLimitsQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...bankingKeys.all, 'limits', accountId] as const,
    queryFn: ({ signal }) =>
      apiRequestChecked(() => import('../../../../shared/schemas/limits').then((schemas) => schemas.accountLimitAnswerSchema), `/api/transferLimits/account/${accountId}`, { signal }),
  });

export const useAccountLimits = (accountId: string) => useQuery(accountLimitsQuery(accountId));
