import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ListParams } from '../api/dashboard-keys';

export const dashboardPageSize = 20;

/**
 * A list's status filter and page live in the address (`?status=pending&page=2`), so Back,
 * reload and a shared link show the same page. An unknown status means all.
 */
export function useListPage<Status extends string>(statuses: readonly Status[], pageSize = dashboardPageSize) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get('status');
  const status = statuses.find((candidate) => candidate === rawStatus);
  const page = Math.max(1, Math.floor(Number(searchParams.get('page') ?? '1')) || 1);
  const params: ListParams = { status, limit: pageSize, offset: (page - 1) * pageSize };

  const update = useCallback(
    (next: { status?: Status | undefined; page: number }) => {
      setSearchParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.status) updated.set('status', next.status);
          else updated.delete('status');
          if (next.page > 1) updated.set('page', String(next.page));
          else updated.delete('page');
          return updated;
        },
        { replace: false },
      );
    },
    [setSearchParams],
  );

  return {
    params,
    status,
    setStatus: (next: Status | undefined) => update({ status: next, page: 1 }),
    setOffset: (offset: number) => update({ status, page: Math.floor(offset / pageSize) + 1 }),
  };
}
