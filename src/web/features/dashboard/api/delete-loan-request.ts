import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecline } from './dashboard-keys';

/** DELETE /api/userLoanDelete/{id}: declines a pending loan request with the staff's reason. */
export const deleteLoanRequest = ({ id, idempotencyKey, decline }: StaffDecline) =>
  apiDelete<{ deletedCount: number }>(`/api/userLoanDelete/${encodeURIComponent(id)}`, decline, idempotencyHeader(idempotencyKey));

export function useDeleteLoanRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteLoanRequest, onSuccess: refresh });
}
