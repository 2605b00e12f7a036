import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every query of this feature starts with this key, so marking read refreshes the list and the bell together. */
export const notificationKeys = { all: ['notifications'] as const };

/** How often an open page asks again: money that arrives while the customer looks shows within a minute. */
const unreadRefreshMs = 60_000;

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'unread-count'] as const,
    queryFn: ({ signal }) => apiGet<{ unread: number }>('/api/notifications/unread-count', signal),
    staleTime: 30_000,
    refetchInterval: unreadRefreshMs,
  });

/** The bell's figure; asked for only when `enabled` (signed in, and the page has painted). */
export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQuery(), enabled });
