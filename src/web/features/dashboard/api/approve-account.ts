import { useMutation } from '@tanstack/react-query';
import type { WriteAnswer } from '../../../../shared/schemas/banking-answers';
import { apiPut } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** PUT /api/userStatusUpdate/{id}: the pending account becomes active; the answer is the shared schema's. */
export const approveAccount = ({ id, idempotencyKey }: StaffDecision) =>
  apiPut<WriteAnswer>(`/api/userStatusUpdate/${encodeURIComponent(id)}`, {}, idempotencyHeader(idempotencyKey));

export function useApproveAccount() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveAccount, onSuccess: refresh });
}
