import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { limitProposedAnswerSchema, type LimitProposalAnswer, type TransferLimitAnswer, type transferLimitProposalSchema } from '../../../../shared/schemas/limits';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiGet, apiGetWithTotal, apiRequestChecked, type PageWithTotal } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { secondFactorHeaders, withStepUp } from '../../../lib/step-up';
import { dashboardKeys, listQueryString, useRefreshDashboard, type ListParams, type StaffDecision } from './dashboard-keys';

/** GET /api/transferLimits: every account type's limits (staff). Under `dashboard`, so an approval refetches it. */
export const transferLimitsQueryOptions = () =>
  queryOptions({ queryKey: [...dashboardKeys.all, 'transfer-limits'] as const, queryFn: ({ signal }) => apiGet<TransferLimitAnswer[]>('/api/transferLimits', signal) });
export const useTransferLimits = () => useQuery(transferLimitsQueryOptions());

/** GET /api/transferLimitProposals: proposed changes, newest first. */
export const limitProposalsQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: dashboardKeys.list('limit-proposals', params),
    queryFn: ({ signal }): Promise<PageWithTotal<LimitProposalAnswer>> => apiGetWithTotal<LimitProposalAnswer>(`/api/transferLimitProposals?${listQueryString(params)}`, signal),
    placeholderData: keepPreviousData,
  });
export const useLimitProposals = (params: ListParams) => useQuery(limitProposalsQueryOptions(params));

/** What the proposal form sends: amounts as typed (blank keeps that limit), checked again by the server. */
export type LimitProposalPayload = z.input<typeof transferLimitProposalSchema>;

/** POST /api/transferLimitProposals: one send of a proposal, with the key its confirm step made. */
export const sendLimitProposal = (payload: LimitProposalPayload, idempotencyKey: string) =>
  apiRequestChecked(limitProposedAnswerSchema, '/api/transferLimitProposals', { method: 'POST', body: payload, headers: idempotencyHeader(idempotencyKey) });

/** PUT /api/transferLimitProposals/{id}/approve: the new limits apply at once, once the approver confirms with a fresh code. */
export const approveLimitProposal = ({ id, idempotencyKey }: StaffDecision) =>
  withStepUp((code) =>
    apiRequestChecked(decidedAnswerSchema, `/api/transferLimitProposals/${encodeURIComponent(id)}/approve`, {
      method: 'PUT',
      body: {},
      headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) },
    }),
  );

/** PUT /api/transferLimitProposals/{id}/decline: nothing changes. */
export const declineLimitProposal = ({ id, idempotencyKey }: StaffDecision) =>
  apiRequestChecked(decidedAnswerSchema, `/api/transferLimitProposals/${encodeURIComponent(id)}/decline`, { method: 'PUT', body: {}, headers: idempotencyHeader(idempotencyKey) });

export function useApproveLimitProposal() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: approveLimitProposal, onSuccess: refresh });
}

export function useDeclineLimitProposal() {
  const refresh = useRefreshDashboard();
  return useMutation({ mutationFn: declineLimitProposal, onSuccess: refresh });
}
