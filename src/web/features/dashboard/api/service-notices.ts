import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceNoticeAnswer, ServiceNoticeInput } from '../../../../shared/schemas/service-notice';
import { apiGet, apiPost } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

const noticesKey = [...dashboardKeys.all, 'service-notices'] as const;

/** GET /api/serviceNotices: upcoming and current notices first, then those that ended (staff). */
export const useServiceNotices = () => useQuery({ queryKey: noticesKey, queryFn: ({ signal }) => apiGet<ServiceNoticeAnswer[]>('/api/serviceNotices', signal) });

/** POST /api/serviceNotices, and POST /api/serviceNotices/{id}/end: both refresh the list. */
export function useNoticeActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticesKey });
  const post = useMutation({ mutationFn: (input: ServiceNoticeInput) => apiPost<ServiceNoticeAnswer>('/api/serviceNotices', input), onSuccess: refresh });
  const end = useMutation({ mutationFn: (id: string) => apiPost<ServiceNoticeAnswer>(`/api/serviceNotices/${encodeURIComponent(id)}/end`), onSuccess: refresh });
  return { post, end };
}
