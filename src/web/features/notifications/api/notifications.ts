import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markReadAnswerSchema, type NotificationAnswer } from '../../../../shared/schemas/notifications';
import { apiGetWithTotal, apiRequestChecked } from '../../../lib/api-client';
import { notificationKeys } from './unread-count';

export const notificationPageSize = 20;

export const notificationsPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'page', page] as const,
    queryFn: ({ signal }) => apiGetWithTotal<NotificationAnswer>(`/api/notifications?limit=${notificationPageSize}&offset=${page * notificationPageSize}`, signal),
    placeholderData: keepPreviousData,
  });

export const useNotificationsPage = (page: number) => useQuery(notificationsPageQuery(page));

/** Marks one notification read (`id`) or every one (`undefined`); the list and the bell then ask again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | undefined) =>
      apiRequestChecked(markReadAnswerSchema, id === undefined ? '/api/notifications/read-all' : `/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
