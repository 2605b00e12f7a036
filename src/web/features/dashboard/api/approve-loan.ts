import { useMutation } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { useRefreshDashboard } from './dashboard-keys';

/** PUT /api/userLoanUpdate {id}: approves the loan and pays the amount into the account. */
export const approveLoan = (id: string) => apiPut<{ acknowledged: true }>('/api/userLoanUpdate', { id });

export function useApproveLoan() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveLoan, onSuccess: refresh });
}
