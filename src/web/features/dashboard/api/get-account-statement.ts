import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StatementAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGet } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

export const statementPageSize = 20;

/** GET /api/accountStatement/{id}: newest lines first; `before` continues with older ones. */
export const getAccountStatement = (accountId: string, before: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(statementPageSize) });
  if (before) query.set('before', before);
  return apiGet<StatementAnswer>(`/api/accountStatement/${encodeURIComponent(accountId)}?${query.toString()}`, signal);
};

export const accountStatementQueryOptions = (accountId: string) =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.statement(accountId),
    queryFn: ({ pageParam, signal }) => getAccountStatement(accountId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
  });

export const useAccountStatement = (accountId: string, enabled: boolean) => useInfiniteQuery({ ...accountStatementQueryOptions(accountId), enabled });
