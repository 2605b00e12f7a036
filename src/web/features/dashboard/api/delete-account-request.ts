import { useMutation } from '@tanstack/react-query';
import { deletedCountSchema } from '../../../../shared/schemas/users';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecline } from './dashboard-keys';

/** DELETE /api/requestedUsersDelete/{id}: declines a pending account request with the staff's reason; the answer is the shared schema's. */
export const deleteAccountRequest = ({ id, idempotencyKey, decline }: StaffDecline) =>
  apiRequestChecked(deletedCountSchema, `/api/requestedUsersDelete/${encodeURIComponent(id)}`, { method: 'DELETE', body: decline, headers: idempotencyHeader(idempotencyKey) });

export function useDeleteAccountRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteAccountRequest, onSuccess: refresh });
}
