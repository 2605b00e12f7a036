import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { termsProposedAnswerSchema } from '../../../../shared/schemas/interest-terms';
import type { ProductRateProposalAnswer, ProductRateProposalInput, ProductRateSheets } from '../../../../shared/schemas/product-rates';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiGet, apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { secondFactorHeaders, withStepUp } from '../../../lib/step-up';
import { dashboardKeys, type StaffDecision } from './dashboard-keys';

/** Under the rates page's key, so that a decision on product rates refreshes the FDR table too. */
const productRatesKey = [...dashboardKeys.all, 'rates', 'products'] as const;

/** How many proposals the page lists: the waiting ones and the latest decided; rates change a few times a year. */
const listedProposalsMax = 20;

/** GET /api/productRates: every FDR and DPS rate sheet, marked in force, scheduled or earlier (staff). */
export const useProductRateSheets = () => useQuery({ queryKey: [...productRatesKey, 'sheets'], queryFn: ({ signal }) => apiGet<ProductRateSheets>('/api/productRates', signal) });

/** GET /api/productRateProposals: the newest proposals of both products, with who proposed and who decided them (staff). */
export const useProductRateProposals = () =>
  useQuery({ queryKey: [...productRatesKey, 'proposals'], queryFn: ({ signal }) => apiGet<ProductRateProposalAnswer[]>(`/api/productRateProposals?limit=${listedProposalsMax}`, signal) });

/** POST /api/productRateProposals: one send of a proposal, with the key its confirm step made. */
export const sendRateProposal = (payload: ProductRateProposalInput, idempotencyKey: string) =>
  apiRequestChecked(termsProposedAnswerSchema, '/api/productRateProposals', { method: 'POST', body: payload, headers: idempotencyHeader(idempotencyKey) });

/** PUT /api/productRateProposals/{id}/approve: new product rows from its date, once the approver confirms with a fresh code. */
const approveRateProposal = ({ id, idempotencyKey }: StaffDecision) =>
  withStepUp((code) =>
    apiRequestChecked(decidedAnswerSchema, `/api/productRateProposals/${encodeURIComponent(id)}/approve`, {
      method: 'PUT',
      body: {},
      headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) },
    }),
  );

/** PUT /api/productRateProposals/{id}/decline, with the reason the proposer reads. */
const declineRateProposal = ({ id, idempotencyKey, reason }: StaffDecision & { reason: string }) =>
  apiRequestChecked(decidedAnswerSchema, `/api/productRateProposals/${encodeURIComponent(id)}/decline`, { method: 'PUT', body: { reason }, headers: idempotencyHeader(idempotencyKey) });

/** The decisions on a proposal, and a refresh after a proposal: each refreshes the whole rates page (the FDR table reads the products too). */
export function useRateProposalActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...dashboardKeys.all, 'rates'] });
  const approve = useMutation({ mutationFn: approveRateProposal, onSuccess: refresh });
  const decline = useMutation({ mutationFn: declineRateProposal, onSuccess: refresh });
  return { approve, decline, refresh };
}
