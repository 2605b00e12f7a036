import { useMutation } from '@tanstack/react-query';
import { deletedCountSchema } from '../../../../shared/schemas/users';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecline } from './dashboard-keys';

/** DELETE /api/userLoanDelete/{id}: declines a pending loan request with the staff's reason. */
export const deleteLoanRequest = ({ id, idempotencyKey, decline }: StaffDecline) =>
  apiRequestChecked(deletedCountSchema, `/api/userLoanDelete/${encodeURIComponent(id)}`, { method: 'DELETE', body: decline, headers: idempotencyHeader(idempotencyKey) });

export function useDeleteLoanRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteLoanRequest, onSuccess: refresh });
}
