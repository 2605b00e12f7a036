import { useMutation } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-client';
import { useRefreshDashboard } from './dashboard-keys';

/** PUT /api/userStatusUpdate/{id}: the pending account becomes active. */
export const approveAccount = (accountId: string) => apiPut<{ acknowledged: true }>(`/api/userStatusUpdate/${encodeURIComponent(accountId)}`);

export function useApproveAccount() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveAccount, onSuccess: refresh });
}
