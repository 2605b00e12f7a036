import { useMutation } from '@tanstack/react-query';
import { bulkApprovalAnswerSchema, type QueueKind } from '../../../../shared/schemas/staff-queue';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard } from './dashboard-keys';

/**
 * POST /api/bulkApprovals: approves several requests of one kind, each as if alone, with the
 * dialog's key (a resend approves nothing twice). The answer says what happened to each.
 */
export const bulkApprove = ({ kind, ids, idempotencyKey }: { kind: QueueKind; ids: string[]; idempotencyKey: string }) =>
  apiRequestChecked(bulkApprovalAnswerSchema, '/api/bulkApprovals', { method: 'POST', body: { kind, ids }, headers: idempotencyHeader(idempotencyKey) });

export function useBulkApprove() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: bulkApprove, onSuccess: refresh });
}
