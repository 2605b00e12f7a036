import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ListParams } from '../api/dashboard-keys';

export const dashboardPageSize = 20;

type AddressChange<Status extends string> = { status?: Status | undefined; q?: string; page: number };

/** The address's word for every status, in a list that otherwise opens on what waits. */
export const allStatuses = 'all';

/** The filter a list of requests opens on: what waits for staff, oldest first (the server's order). */
export const waitingStatus = 'pending';

/**
 * A list's status filter, search and page live in the address (`?status=pending&q=rahima&page=2`),
 * so Back, reload and a shared link show the same page. A list that has waiting requests opens on
 * them (no status in the address); `status=all` shows every status. An unknown status means all.
 */
export function useListPage<Status extends string>(statuses: readonly Status[], pageSize = dashboardPageSize) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get('status');
  const opensOn = statuses.find((candidate) => candidate === waitingStatus);
  const status = rawStatus === null ? opensOn : statuses.find((candidate) => candidate === rawStatus);
  const q = (searchParams.get('q') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page') ?? '1')) || 1);
  const params: ListParams = { status, q: q === '' ? undefined : q, limit: pageSize, offset: (page - 1) * pageSize };

  // The address last asked for, which runs ahead of the rendered one while a navigation is under
  // way: a filter chosen just after Enter in the search box must keep that search, not the address
  // the page was rendered with. A navigation from elsewhere (Back, a link) replaces it.
  const rendered = useRef(searchParams.toString());
  const requested = useRef(new URLSearchParams(searchParams));
  if (rendered.current !== searchParams.toString()) {
    rendered.current = searchParams.toString();
    requested.current = new URLSearchParams(searchParams);
  }

  const update = useCallback(
    (change: AddressChange<Status>, options: { replace: boolean } = { replace: false }) => {
      const updated = new URLSearchParams(requested.current);
      const set = (name: string, value: string | undefined) => (value ? updated.set(name, value) : updated.delete(name));
      if ('status' in change) set('status', change.status ?? (opensOn === undefined ? undefined : allStatuses));
      if (change.q !== undefined) set('q', change.q.trim());
      set('page', change.page > 1 ? String(change.page) : undefined);
      requested.current = updated;
      setSearchParams(updated, options);
    },
    [setSearchParams, opensOn],
  );

  return {
    params,
    status,
    q,
    setStatus: (next: Status | undefined) => update({ status: next, page: 1 }),
    // Each keystroke (after the debounce) replaces the address rather than adding to the history:
    // Back leaves the search, not one letter of it.
    setQuery: (next: string) => update({ q: next, page: 1 }, { replace: true }),
    setOffset: (offset: number) => update({ page: Math.floor(offset / pageSize) + 1 }),
  };
}
