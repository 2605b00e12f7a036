import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** DELETE /api/allUsers/{id}: disables the user's sign-in and ends their sessions; their records stay. */
export const deleteUser = ({ id, idempotencyKey }: StaffDecision) =>
  apiDelete<{ deletedCount: number }>(`/api/allUsers/${encodeURIComponent(id)}`, undefined, idempotencyHeader(idempotencyKey));

export function useDeleteUser() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteUser, onSuccess: refresh });
}
