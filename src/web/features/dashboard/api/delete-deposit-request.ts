import { useMutation } from '@tanstack/react-query';
import { deletedCountSchema } from '../../../../shared/schemas/users';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecline } from './dashboard-keys';

/** DELETE /api/userDepositDelete/{id}: declines a pending deposit request with the staff's reason; no money moves. */
export const deleteDepositRequest = ({ id, idempotencyKey, decline }: StaffDecline) =>
  apiRequestChecked(deletedCountSchema, `/api/userDepositDelete/${encodeURIComponent(id)}`, { method: 'DELETE', body: decline, headers: idempotencyHeader(idempotencyKey) });

export function useDeleteDepositRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteDepositRequest, onSuccess: refresh });
}
