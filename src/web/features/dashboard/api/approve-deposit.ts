import { useMutation } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** PUT /api/userDepositUpdate {id}: credits the deposit to the account. */
export const approveDeposit = ({ id, idempotencyKey }: StaffDecision) => apiPut<{ acknowledged: true }>('/api/userDepositUpdate', { id }, idempotencyHeader(idempotencyKey));

export function useApproveDeposit() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveDeposit, onSuccess: refresh });
}
