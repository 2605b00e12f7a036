import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** DELETE /api/requestedUsersDelete/{id}: removes a pending account request. */
export const deleteAccountRequest = ({ id, idempotencyKey }: StaffDecision) =>
  apiDelete<{ deletedCount: number }>(`/api/requestedUsersDelete/${encodeURIComponent(id)}`, undefined, idempotencyHeader(idempotencyKey));

export function useDeleteAccountRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteAccountRequest, onSuccess: refresh });
}
