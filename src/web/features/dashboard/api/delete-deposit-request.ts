import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { useRefreshDashboard } from './dashboard-keys';

/** DELETE /api/userDepositDelete/{id}: removes a pending deposit request; no money moves. */
export const deleteDepositRequest = (id: string) => apiDelete<{ deletedCount: number }>(`/api/userDepositDelete/${encodeURIComponent(id)}`);

export function useDeleteDepositRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteDepositRequest, onSuccess: refresh });
}
