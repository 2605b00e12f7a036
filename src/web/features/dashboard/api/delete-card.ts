import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { useRefreshDashboard } from './dashboard-keys';

/** DELETE /api/dashCardDelete {id}: declines a pending request or cancels an issued card; the answer says which. */
export const deleteCard = (id: string) => apiDelete<{ acknowledged: true; outcome: 'declined' | 'cancelled' }>('/api/dashCardDelete', { id });

export function useDeleteCard() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteCard, onSuccess: refresh });
}
