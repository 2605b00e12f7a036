import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noticeProposedAnswerSchema, serviceNoticeAnswerSchema, type NoticeProposalAnswer, type ServiceNoticeAnswer, type ServiceNoticeInput } from '../../../../shared/schemas/service-notice';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiGet, apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { secondFactorHeaders, withStepUp } from '../../../lib/step-up';
import { dashboardKeys, type StaffDecision } from './dashboard-keys';

const noticesKey = [...dashboardKeys.all, 'service-notices'] as const;
const proposalsKey = [...noticesKey, 'proposals'] as const;

/** How many proposals the panel lists: the waiting ones and the latest decided, a few a month. */
const listedProposalsMax = 20;

/** GET /api/serviceNotices: upcoming and current notices first, then those that ended (staff). */
export const useServiceNotices = () => useQuery({ queryKey: noticesKey, queryFn: ({ signal }) => apiGet<ServiceNoticeAnswer[]>('/api/serviceNotices', signal) });

/** GET /api/serviceNoticeProposals: the newest proposed notices, with who proposed and who decided them (staff). */
export const useNoticeProposals = () =>
  useQuery({ queryKey: proposalsKey, queryFn: ({ signal }) => apiGet<NoticeProposalAnswer[]>(`/api/serviceNoticeProposals?limit=${listedProposalsMax}`, signal) });

/** PUT /api/serviceNoticeProposals/{id}/approve: publishes it, once the approver confirms with a fresh code. */
export const approveNoticeProposal = ({ id, idempotencyKey }: StaffDecision) =>
  withStepUp((code) =>
    apiRequestChecked(decidedAnswerSchema, `/api/serviceNoticeProposals/${encodeURIComponent(id)}/approve`, {
      method: 'PUT',
      body: {},
      headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) },
    }),
  );

/** PUT /api/serviceNoticeProposals/{id}/decline, with the reason the proposer reads. */
export const declineNoticeProposal = ({ id, idempotencyKey, reason }: StaffDecision & { reason: string }) =>
  apiRequestChecked(decidedAnswerSchema, `/api/serviceNoticeProposals/${encodeURIComponent(id)}/decline`, { method: 'PUT', body: { reason }, headers: idempotencyHeader(idempotencyKey) });

/**
 * POST /api/serviceNoticeProposals (propose), POST /api/serviceNotices/{id}/end (one person ends
 * a notice), and the decisions on a proposal: each refreshes the notices and the proposals.
 */
export function useNoticeActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticesKey });
  const propose = useMutation({
    mutationFn: (input: ServiceNoticeInput) => apiRequestChecked(noticeProposedAnswerSchema, '/api/serviceNoticeProposals', { method: 'POST', body: input }),
    onSuccess: refresh,
  });
  const end = useMutation({
    mutationFn: (id: string) => apiRequestChecked(serviceNoticeAnswerSchema, `/api/serviceNotices/${encodeURIComponent(id)}/end`, { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
  const approve = useMutation({ mutationFn: approveNoticeProposal, onSuccess: refresh });
  const decline = useMutation({ mutationFn: declineNoticeProposal, onSuccess: refresh });
  return { propose, end, approve, decline };
}
