import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** DELETE /api/userLoanDelete/{id}: removes a pending loan request. */
export const deleteLoanRequest = ({ id, idempotencyKey }: StaffDecision) =>
  apiDelete<{ deletedCount: number }>(`/api/userLoanDelete/${encodeURIComponent(id)}`, undefined, idempotencyHeader(idempotencyKey));

export function useDeleteLoanRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteLoanRequest, onSuccess: refresh });
}
