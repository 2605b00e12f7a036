import { useMutation } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { useRefreshDashboard } from './dashboard-keys';

/** PUT /api/userDepositUpdate {id}: credits the deposit to the account. */
export const approveDeposit = (id: string) => apiPut<{ acknowledged: true }>('/api/userDepositUpdate', { id });

export function useApproveDeposit() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveDeposit, onSuccess: refresh });
}
