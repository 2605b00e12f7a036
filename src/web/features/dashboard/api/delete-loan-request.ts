import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { useRefreshDashboard } from './dashboard-keys';

/** DELETE /api/userLoanDelete/{id}: removes a pending loan request. */
export const deleteLoanRequest = (id: string) => apiDelete<{ deletedCount: number }>(`/api/userLoanDelete/${encodeURIComponent(id)}`);

export function useDeleteLoanRequest() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteLoanRequest, onSuccess: refresh });
}
