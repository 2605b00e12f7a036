import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** DELETE /api/userDepositDelete/{id}: removes a pending deposit request; no money moves. */
export const deleteDepositRequest = ({ id, idempotencyKey }: StaffDecision) =>
  apiDelete<{ deletedCount: number }>(`/api/userDepositDelete/${encodeURIComponent(id)}`, undefined, idempotencyHeader(idempotencyKey));

export function useDeleteDepositRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteDepositRequest, onSuccess: refresh });
}
