import { useMutation } from '@tanstack/react-query';
import { cardCloseAnswerSchema } from '../../../../shared/schemas/banking-answers';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecline } from './dashboard-keys';

/** DELETE /api/dashCardDelete {id}: declines a pending request (with the staff's reason) or cancels an issued card; the answer says which. */
export const deleteCard = ({ id, idempotencyKey, decline }: StaffDecline) =>
  apiRequestChecked(cardCloseAnswerSchema, '/api/dashCardDelete', { method: 'DELETE', body: { id, ...decline }, headers: idempotencyHeader(idempotencyKey) });

export function useDeleteCard() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: deleteCard, onSuccess: refresh });
}
