import { useMutation } from '@tanstack/react-query';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** PUT /api/userStatusUpdate/{id}: the pending account becomes active; the answer is read through the shared schema. */
export const approveAccount = ({ id, idempotencyKey }: StaffDecision) =>
  apiRequestChecked(decidedAnswerSchema, `/api/userStatusUpdate/${encodeURIComponent(id)}`, { method: 'PUT', body: {}, headers: idempotencyHeader(idempotencyKey) });

export function useApproveAccount() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveAccount, onSuccess: refresh });
}
