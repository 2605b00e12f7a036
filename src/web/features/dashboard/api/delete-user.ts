import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { useRefreshDashboard } from './dashboard-keys';

/** DELETE /api/allUsers/{id}: disables the user's sign-in and ends their sessions; their records stay. */
export const deleteUser = (id: string) => apiDelete<{ deletedCount: number }>(`/api/allUsers/${encodeURIComponent(id)}`);

export function useDeleteUser() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteUser, onSuccess: refresh });
}
