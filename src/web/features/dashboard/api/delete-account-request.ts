import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { useRefreshDashboard } from './dashboard-keys';

/** DELETE /api/requestedUsersDelete/{id}: removes a pending account request. */
export const deleteAccountRequest = (accountId: string) => apiDelete<{ deletedCount: number }>(`/api/requestedUsersDelete/${encodeURIComponent(accountId)}`);

export function useDeleteAccountRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteAccountRequest, onSuccess: refresh });
}
