import { useMutation } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** PUT /api/userStatusUpdate/{id}: the pending account becomes active. */
export const approveAccount = ({ id, idempotencyKey }: StaffDecision) =>
  apiPut<{ acknowledged: true }>(`/api/userStatusUpdate/${encodeURIComponent(id)}`, {}, idempotencyHeader(idempotencyKey));

export function useApproveAccount() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveAccount, onSuccess: refresh });
}
