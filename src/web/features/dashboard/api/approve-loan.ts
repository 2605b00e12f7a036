import { useMutation } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** PUT /api/userLoanUpdate {id}: approves the loan and pays the amount into the account. */
export const approveLoan = ({ id, idempotencyKey }: StaffDecision) => apiPut<{ acknowledged: true }>('/api/userLoanUpdate', { id }, idempotencyHeader(idempotencyKey));

export function useApproveLoan() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveLoan, onSuccess: refresh });
}
