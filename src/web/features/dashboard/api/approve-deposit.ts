import { useMutation } from '@tanstack/react-query';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { secondFactorHeaders, withStepUp } from '../../../lib/step-up';
import { useRefreshDashboard, type StaffDecision } from './dashboard-keys';

/** PUT /api/userDepositUpdate {id}: credits the deposit to the account. */
export const approveDeposit = ({ id, idempotencyKey }: StaffDecision) =>
  // Above 5,00,000 BDT the server asks for a code from the authenticator app; the same key goes with it.
  withStepUp((code) =>
    apiRequestChecked(decidedAnswerSchema, '/api/userDepositUpdate', { method: 'PUT', body: { id }, headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) } }),
  );

export function useApproveDeposit() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveDeposit, onSuccess: refresh });
}
