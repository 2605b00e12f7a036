import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ListParams } from '../api/dashboard-keys';

export const dashboardPageSize = 20;

type ListAddress<Status extends string> = { status?: Status | undefined; q: string; page: number };

/**
 * A list's status filter, search and page live in the address (`?status=pending&q=rahima&page=2`),
 * so Back, reload and a shared link show the same page. An unknown status means all.
 */
export function useListPage<Status extends string>(statuses: readonly Status[], pageSize = dashboardPageSize) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get('status');
  const status = statuses.find((candidate) => candidate === rawStatus);
  const q = (searchParams.get('q') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page') ?? '1')) || 1);
  const params: ListParams = { status, q: q === '' ? undefined : q, limit: pageSize, offset: (page - 1) * pageSize };

  const update = useCallback(
    (next: ListAddress<Status>, options: { replace: boolean } = { replace: false }) => {
      setSearchParams((current) => {
        const updated = new URLSearchParams(current);
        const set = (name: string, value: string | undefined) => (value ? updated.set(name, value) : updated.delete(name));
        set('status', next.status);
        set('q', next.q.trim());
        set('page', next.page > 1 ? String(next.page) : undefined);
        return updated;
      }, options);
    },
    [setSearchParams],
  );

  return {
    params,
    status,
    q,
    setStatus: (next: Status | undefined) => update({ status: next, q, page: 1 }),
    // Each keystroke (after the debounce) replaces the address rather than adding to the history:
    // Back leaves the search, not one letter of it.
    setQuery: (next: string) => update({ status, q: next, page: 1 }, { replace: true }),
    setOffset: (offset: number) => update({ status, q, page: Math.floor(offset / pageSize) + 1 }),
  };
}
