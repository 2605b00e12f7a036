import { useMutation } from '@tanstack/react-query';
import type { CardTypeSlug } from '../../../../shared/constants';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

const approvalPaths: Record<CardTypeSlug, string> = { debit: '/api/dashCardDebit', credit: '/api/dashCardCredit' };

/** PUT /api/dashCardDebit or /api/dashCardCredit {id}, by the request's card type: issues the card. */
export const approveCard = ({ id, cardType, idempotencyKey }: StaffDecision & { cardType: CardTypeSlug }) =>
  apiRequestChecked(decidedAnswerSchema, approvalPaths[cardType], { method: 'PUT', body: { id }, headers: idempotencyHeader(idempotencyKey) });

export function useApproveCard() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveCard, onSuccess: refresh });
}
