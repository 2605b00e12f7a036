import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { cardRequestSchema, depositRequestSchema, loanRequestSchema, repaymentSchema, transferSchema } from '../../../../shared/schemas/banking';
import {
  type CardRequestAnswer,
  cardRequestAnswerSchema,
  type DepositRequestAnswer,
  depositRequestAnswerSchema,
  type LoanRequestAnswer,
  loanRequestAnswerSchema,
  type RepaymentAnswer,
  repaymentAnswerSchema,
  type TransferAnswer,
  transferAnswerSchema,
} from '../../../../shared/schemas/banking-answers';
import { invalidateAccounts } from '../../../lib/account-queries';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { stepUpCheckAnswerSchema } from '../../../../shared/schemas/two-factor';
import { secondFactorHeaders, type StepUpCheck, withStepUp } from '../../../lib/step-up';
import { bankingKeys } from './accounts';

/**
 * The payloads and answers of the money calls are the shared schemas' own (`z.input`, `z.output`):
 * what the server validates is what the web app sends, and each answer is checked against the
 * schema the server answers that call with. `insertedId` is the journal entry of a transfer or
 * repayment, the request's id for a deposit, card or loan request; `reference` the short reference
 * shown everywhere else.
 */
export type { CardRequestAnswer, DepositRequestAnswer, LoanRequestAnswer, RepaymentAnswer, TransferAnswer };

/**
 * One send of a money call; the caller keeps `idempotencyKey` for every resend of the same
 * operation. When the server asks for a code from the authenticator app (a transfer above
 * 50,000 BDT, or above 25,000 BDT to a receiver not sent that much before), the code prompt asks
 * for it and the call goes again with the same key.
 */
export const sender =
  <Payload, Answer extends z.ZodType>(method: 'PUT' | 'POST', path: string, answer: Answer) =>
  (payload: Payload, idempotencyKey: string, stepUp?: { code: string | undefined; check: StepUpCheck }) =>
    withStepUp((code) => apiRequestChecked(answer, path, { method, body: payload, headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) } }), stepUp);

/** A money call's step-up check: sent without a code, it says which is needed (an SMS code is sent by it); with one, whether it is right. */
export const stepUpChecker =
  <Payload>(path: string) =>
  (payload: Payload, code: string | undefined) =>
    apiRequestChecked(stepUpCheckAnswerSchema, path, { method: 'POST', body: payload, headers: secondFactorHeaders(code) });

export type DepositPayload = z.input<typeof depositRequestSchema>;
export const sendDepositRequest = sender<DepositPayload, typeof depositRequestAnswerSchema>('PUT', '/api/depositReq', depositRequestAnswerSchema);

/** `id` the sending account, `accNum` the receiving one, `confirmedName` the masked name the name enquiry showed for it (`docs/wire-names.md`). */
export type TransferPayload = z.input<typeof transferSchema>;
export const sendTransfer = sender<TransferPayload, typeof transferAnswerSchema>('PUT', '/api/userMoneyTrans', transferAnswerSchema);
/**
 * The transfer's step-up check, before its confirm step: whether it needs a code and which (an SMS
 * code is sent by this call, bound to this transfer); with a code, whether the code is right.
 */
export const checkTransfer = stepUpChecker<TransferPayload>('/api/userMoneyTrans/check');

export type CardRequestPayload = z.input<typeof cardRequestSchema>;
export const sendCardRequest = sender<CardRequestPayload, typeof cardRequestAnswerSchema>('POST', '/api/cardsReq', cardRequestAnswerSchema);

export type LoanRequestPayload = z.input<typeof loanRequestSchema>;
export const sendLoanRequest = sender<LoanRequestPayload, typeof loanRequestAnswerSchema>('POST', '/api/loanReq', loanRequestAnswerSchema);

export type RepaymentPayload = z.input<typeof repaymentSchema>;
export const sendRepayment = sender<RepaymentPayload, typeof repaymentAnswerSchema>('PUT', '/api/lInfoUpdate', repaymentAnswerSchema);

/** After money moved or a request was made: balances, statements, cards and loans are all stale. */
export function useRefreshBanking(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: bankingKeys.all }), invalidateAccounts(queryClient)]);
  };
}
