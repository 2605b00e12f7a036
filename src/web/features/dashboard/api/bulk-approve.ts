import { useMutation } from '@tanstack/react-query';
import type { BulkApprovalAnswer, QueueKind } from '../../../../shared/schemas/staff-queue';
import { apiPost } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { useRefreshDashboard } from './dashboard-keys';

/**
 * POST /api/bulkApprovals: approves several requests of one kind, each as if alone, with the
 * dialog's key (a resend approves nothing twice). The answer says what happened to each.
 */
export const bulkApprove = ({ kind, ids, idempotencyKey }: { kind: QueueKind; ids: string[]; idempotencyKey: string }) =>
  apiPost<BulkApprovalAnswer>('/api/bulkApprovals', { kind, ids }, idempotencyHeader(idempotencyKey));

export function useBulkApprove() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: bulkApprove, onSuccess: refresh });
}
