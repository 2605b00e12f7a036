import { useMutation } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecline } from './dashboard-keys';

/** DELETE /api/dashCardDelete {id}: declines a pending request (with the staff's reason) or cancels an issued card; the answer says which. */
export const deleteCard = ({ id, idempotencyKey, decline }: StaffDecline) =>
  apiDelete<{ acknowledged: true; outcome: 'declined' | 'cancelled' }>('/api/dashCardDelete', { id, ...decline }, idempotencyHeader(idempotencyKey));

export function useDeleteCard() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteCard, onSuccess: refresh });
}
