import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { fdrProductsAnswerSchema } from '../../../../shared/schemas/fixed-deposits';
import { termsProposedAnswerSchema, type InterestTermsList, type InterestTermsProposalInput, type TermsProposalAnswer } from '../../../../shared/schemas/interest-terms';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiGet, apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { secondFactorHeaders, withStepUp } from '../../../lib/step-up';
import { dashboardKeys, type StaffDecision } from './dashboard-keys';

const ratesKey = [...dashboardKeys.all, 'rates'] as const;

/** How many proposals the page lists: the waiting ones and the latest decided; rates change a few times a year. */
const listedProposalsMax = 20;

/** GET /api/interestTerms: every version of every account type's terms, marked in force, scheduled or history (staff). */
export const useInterestTerms = () => useQuery({ queryKey: [...ratesKey, 'terms'], queryFn: ({ signal }) => apiGet<InterestTermsList>('/api/interestTerms', signal) });

/** GET /api/interestTermsProposals: the newest proposals, with who proposed and who decided them (staff). */
export const useTermsProposals = () =>
  useQuery({ queryKey: [...ratesKey, 'proposals'], queryFn: ({ signal }) => apiGet<TermsProposalAnswer[]>(`/api/interestTermsProposals?limit=${listedProposalsMax}`, signal) });

/** GET /api/fdr/products: the FDR terms offered today. */
export const useFdrProducts = () => useQuery({ queryKey: [...ratesKey, 'fdr'], queryFn: ({ signal }) => apiGet<z.infer<typeof fdrProductsAnswerSchema>>('/api/fdr/products', signal) });

/** POST /api/interestTermsProposals: one send of a proposal, with the key its confirm step made. */
export const sendTermsProposal = (payload: InterestTermsProposalInput, idempotencyKey: string) =>
  apiRequestChecked(termsProposedAnswerSchema, '/api/interestTermsProposals', { method: 'POST', body: payload, headers: idempotencyHeader(idempotencyKey) });

/** PUT /api/interestTermsProposals/{id}/approve: a new version from its date, once the approver confirms with a fresh code. */
const approveTermsProposal = ({ id, idempotencyKey }: StaffDecision) =>
  withStepUp((code) =>
    apiRequestChecked(decidedAnswerSchema, `/api/interestTermsProposals/${encodeURIComponent(id)}/approve`, {
      method: 'PUT',
      body: {},
      headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) },
    }),
  );

/** PUT /api/interestTermsProposals/{id}/decline, with the reason the proposer reads. */
const declineTermsProposal = ({ id, idempotencyKey, reason }: StaffDecision & { reason: string }) =>
  apiRequestChecked(decidedAnswerSchema, `/api/interestTermsProposals/${encodeURIComponent(id)}/decline`, { method: 'PUT', body: { reason }, headers: idempotencyHeader(idempotencyKey) });

/** The decisions on a proposal, and a refresh of the page after a proposal: each refreshes the terms and the proposals. */
export function useTermsActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ratesKey });
  const approve = useMutation({ mutationFn: approveTermsProposal, onSuccess: refresh });
  const decline = useMutation({ mutationFn: declineTermsProposal, onSuccess: refresh });
  return { approve, decline, refresh };
}
