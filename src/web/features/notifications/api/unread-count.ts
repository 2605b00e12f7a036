import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unreadCountAnswerSchema } from '../../../../shared/schemas/notifications';
import { apiGet } from '../../../lib/api-client';

/** Every query of this feature starts with this key, so marking read refreshes the list and the bell together. */
export const notificationKeys = { all: ['notifications'] as const };

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'unread-count'] as const,
    queryFn: ({ signal }) => apiGet<z.output<typeof unreadCountAnswerSchema>>('/api/notifications/unread-count', signal),
    staleTime: 30_000,
    // Asked again when the customer comes back to the tab or opens a page, never on a timer: every
    // signed-in request keeps the session alive, and a timer would keep an unattended tab signed in
    // past its idle timeout.
  });

/** The bell's figure; asked for only when `enabled` (signed in, and the page has painted). */
export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQuery(), enabled });
