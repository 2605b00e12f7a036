import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  paymentRepairFiledAnswerSchema,
  reconciliationBreakAnswerSchema,
  type BreakExplanationInput,
  reconciliationRanAnswerSchema,
  type PaymentRepairAnswer,
  type PaymentRepairInput,
  type ReconciliationsAnswer,
  type StaffPaymentAnswer,
} from '../../../../shared/schemas/payment-operations';
import { decidedAnswerSchema } from '../../../../shared/schemas/staff-queue';
import { apiGet, apiGetWithTotal, apiRequestChecked, type PageWithTotal } from '../../../lib/api-client';
import { idempotencyHeader, newIdempotencyKey } from '../../../lib/settle-operation';
import { secondFactorHeaders, withStepUp } from '../../../lib/step-up';
import { dashboardKeys } from './dashboard-keys';

/** The payments list's filters as the page's address holds them. */
export type PaymentFilters = { direction: 'out' | 'in'; rail?: string | undefined; status?: string | undefined; stuck?: boolean | undefined; offset: number };

const queryOf = (filters: PaymentFilters) => {
  const query = new URLSearchParams({ direction: filters.direction, limit: '20', offset: String(filters.offset) });
  if (filters.rail) query.set('rail', filters.rail);
  if (filters.status) query.set('status', filters.status);
  if (filters.stuck) query.set('stuck', 'true');
  return query.toString();
};

/** GET /api/staff/payments: one page of payments out or in (typed only: staff act through checked writes). */
export const staffPaymentsQueryOptions = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'staff-payments', filters] as const,
    queryFn: ({ signal }): Promise<PageWithTotal<StaffPaymentAnswer>> => apiGetWithTotal<StaffPaymentAnswer>(`/api/staff/payments?${queryOf(filters)}`, signal),
    placeholderData: keepPreviousData,
  });
export const useStaffPayments = (filters: PaymentFilters) => useQuery(staffPaymentsQueryOptions(filters));

/** GET /api/staff/reconciliations: the latest runs, the latest one's breaks, and every break still open. */
export const useReconciliations = () =>
  useQuery({ queryKey: [...dashboardKeys.all, 'reconciliations'] as const, queryFn: ({ signal }) => apiGet<ReconciliationsAnswer>('/api/staff/reconciliations', signal) });

/** GET /api/staff/payment-repairs: repairs waiting for a second member of staff. */
export const usePendingRepairs = () =>
  useQuery({ queryKey: [...dashboardKeys.all, 'payment-repairs'] as const, queryFn: ({ signal }) => apiGet<PaymentRepairAnswer[]>('/api/staff/payment-repairs', signal) });

/** POST /api/staff/reconciliations: today's Dhaka day, now. */
export const runReconciliationNow = () => apiRequestChecked(reconciliationRanAnswerSchema, '/api/staff/reconciliations', { method: 'POST', body: {}, headers: idempotencyHeader(newIdempotencyKey()) });

/** POST /api/staff/reconciliation-breaks/{id}/explanation: what staff found of one break. */
export const explainBreak = (breakId: string, explanation: BreakExplanationInput) =>
  apiRequestChecked(reconciliationBreakAnswerSchema, `/api/staff/reconciliation-breaks/${encodeURIComponent(breakId)}/explanation`, {
    method: 'POST',
    body: explanation,
    headers: idempotencyHeader(newIdempotencyKey()),
  });

/** POST /api/staff/payments/{id}/repairs. */
export const sendRepair = (paymentId: string, repair: PaymentRepairInput) =>
  apiRequestChecked(paymentRepairFiledAnswerSchema, `/api/staff/payments/${encodeURIComponent(paymentId)}/repairs`, {
    method: 'POST',
    body: repair,
    headers: idempotencyHeader(newIdempotencyKey()),
  });

/** PUT …/approve: a return asks for a fresh code (the server says so), and is sent again with it under the same key. */
export const approveRepair = (repairId: string) => {
  const key = newIdempotencyKey();
  return withStepUp((code) =>
    apiRequestChecked(decidedAnswerSchema, `/api/staff/payment-repairs/${encodeURIComponent(repairId)}/approve`, {
      method: 'PUT',
      body: {},
      headers: { ...idempotencyHeader(key), ...secondFactorHeaders(code) },
    }),
  );
};

export const declineRepair = (repairId: string) =>
  apiRequestChecked(decidedAnswerSchema, `/api/staff/payment-repairs/${encodeURIComponent(repairId)}/decline`, { method: 'PUT', body: {}, headers: idempotencyHeader(newIdempotencyKey()) });
