import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { exciseTableProposedAnswerSchema, type ExciseSummaryAnswer, type ExciseTableAnswer, type ExciseTableProposalInput } from '../../../../shared/schemas/excise-duty';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiGet, apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { secondFactorHeaders, withStepUp } from '../../../lib/step-up';
import { dashboardKeys, type StaffDecision } from './dashboard-keys';

const exciseKey = [...dashboardKeys.all, 'excise'] as const;

/** How many tables the page lists: a Finance Act a year, and the proposals around it. */
const listedTablesMax = 50;

/** GET /api/exciseDutyTables: every table, latest effective date first, with its slabs and who proposed and decided it (staff). */
export const useExciseTables = () => useQuery({ queryKey: [...exciseKey, 'tables'], queryFn: ({ signal }) => apiGet<ExciseTableAnswer[]>(`/api/exciseDutyTables?limit=${listedTablesMax}`, signal) });

/** GET /api/exciseDutySummary: the business date and the latest years' duty charged, collected later and still due (staff). */
export const useExciseSummary = () => useQuery({ queryKey: [...exciseKey, 'summary'], queryFn: ({ signal }) => apiGet<ExciseSummaryAnswer>('/api/exciseDutySummary', signal) });

/** POST /api/exciseDutyTables: one send of a proposed table, with the key its confirm step made. */
export const sendExciseTableProposal = (payload: ExciseTableProposalInput, idempotencyKey: string) =>
  apiRequestChecked(exciseTableProposedAnswerSchema, '/api/exciseDutyTables', { method: 'POST', body: payload, headers: idempotencyHeader(idempotencyKey) });

/** PUT /api/exciseDutyTables/{id}/approve: the table applies from its date, once the approver confirms with a fresh code. */
const approveExciseTable = ({ id, idempotencyKey }: StaffDecision) =>
  withStepUp((code) =>
    apiRequestChecked(decidedAnswerSchema, `/api/exciseDutyTables/${encodeURIComponent(id)}/approve`, {
      method: 'PUT',
      body: {},
      headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) },
    }),
  );

/** PUT /api/exciseDutyTables/{id}/decline, with the reason the proposer reads. */
const declineExciseTable = ({ id, idempotencyKey, reason }: StaffDecision & { reason: string }) =>
  apiRequestChecked(decidedAnswerSchema, `/api/exciseDutyTables/${encodeURIComponent(id)}/decline`, { method: 'PUT', body: { reason }, headers: idempotencyHeader(idempotencyKey) });

/** The decisions on a table, and a refresh after a proposal: each refreshes the whole page. */
export function useExciseActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: exciseKey });
  const approve = useMutation({ mutationFn: approveExciseTable, onSuccess: refresh });
  const decline = useMutation({ mutationFn: declineExciseTable, onSuccess: refresh });
  return { approve, decline, refresh };
}
