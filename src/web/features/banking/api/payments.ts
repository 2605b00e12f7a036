import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type PaymentAnswer, paymentAnswerSchema, paymentDetailAnswerSchema, paymentListAnswerSchema, paymentQuoteAnswerSchema } from '../../../../shared/schemas/payment-answers';
import { type DirectoryEntryAnswer as DirectoryEntry, type PaymentStatus, type paymentQuoteSchema, type paymentSchema } from '../../../../shared/schemas/payments';
import { apiRequest, apiRequestChecked } from '../../../lib/api-client';
import { bankingKeys } from './accounts';
import { sender, stepUpChecker } from './money';

/**
 * The calls of a payment to another bank or wallet. The quote, the check, the payment and the
 * customer's payments are read through their shared schemas (record 068): the customer confirms the
 * masked name and the charge they show before money moves. The directory is typed only: the server
 * decides again which participant and rail a payment may take.
 */
export type PaymentQuotePayload = z.input<typeof paymentQuoteSchema>;
export type PaymentPayload = z.input<typeof paymentSchema>;
export type { DirectoryEntry };

export const paymentKeys = {
  all: [...bankingKeys.all, 'payments'] as const,
  list: () => [...paymentKeys.all, 'list'] as const,
  one: (id: string) => [...paymentKeys.all, 'one', id] as const,
};

/** The directory changes when staff add a bank, not during a visit: read once per visit. */
export const useBankDirectory = () => useQuery({ queryKey: ['bankDirectory'], queryFn: ({ signal }) => apiRequest<DirectoryEntry[]>('/api/banks', { signal }), staleTime: Number.POSITIVE_INFINITY });

/** Who would be paid (masked, from the switch's name enquiry), and every rail's terms. Moves nothing. */
export const quotePayment = (payload: PaymentQuotePayload) => apiRequestChecked(paymentQuoteAnswerSchema, '/api/payments/quote', { method: 'POST', body: payload });

/** The payment's step-up check, before its confirm step: as the transfer's (`checkTransfer`). */
export const checkPayment = stepUpChecker<PaymentPayload>('/api/payments/check');

/** One send of the payment; the caller keeps `idempotencyKey` for every resend of the same confirmed payment. */
export const sendPayment = sender<PaymentPayload, typeof paymentAnswerSchema>('POST', '/api/payments', paymentAnswerSchema);

/** A payment whose status can no longer change. */
export const isFinalStatus = (status: PaymentStatus) => status === 'settled' || status === 'rejected' || status === 'returned';

/** While a payment is on its way its page asks again this often; a final one is not asked again. */
export const paymentPollMs = 3_000;

export const myPaymentsQuery = () => queryOptions({ queryKey: paymentKeys.list(), queryFn: ({ signal }) => apiRequestChecked(paymentListAnswerSchema, '/api/payments', { signal }) });

/** The customer's payments; asked again while any of them is still on its way. */
export const useMyPayments = () =>
  useQuery({ ...myPaymentsQuery(), refetchInterval: (query) => (query.state.data?.some((payment: PaymentAnswer) => !isFinalStatus(payment.status)) ? paymentPollMs : false) });

/** One payment and its history, asked again every few seconds until its status is final. */
export const usePayment = (id: string) =>
  useQuery({
    queryKey: paymentKeys.one(id),
    queryFn: ({ signal }) => apiRequestChecked(paymentDetailAnswerSchema, `/api/payments/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data && isFinalStatus(query.state.data.status) ? false : paymentPollMs),
  });
