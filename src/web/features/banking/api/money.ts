import { useQueryClient } from '@tanstack/react-query';
import type { LoanDocumentKind } from '../../../../shared/constants';
import { invalidateAccounts } from '../../../lib/account-queries';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import type { StepUpCheckAnswer } from '../../../../shared/schemas/two-factor';
import { secondFactorHeaders, type StepUpCheck, withStepUp } from '../../../lib/step-up';
import { bankingKeys } from './accounts';

/**
 * The answer of a money call. `insertedId` is the reference: the journal entry of a transfer or
 * repayment, the request's id for a deposit, card or loan request.
 */
/** `reference`: the movement's or the deposit request's short reference, as shown everywhere else. */
export type WriteAnswer = { acknowledged: true; insertedId?: string; reference?: string; amount?: number; tLAmount?: number; repaid?: boolean; postedAt?: string };

/**
 * One send of a money call; the caller keeps `idempotencyKey` for every resend of the same
 * operation. When the server asks for a code from the authenticator app (a transfer above
 * 50,000 BDT, or above 25,000 BDT to a receiver not sent that much before), the code prompt asks
 * for it and the call goes again with the same key.
 */
const sender =
  <Payload>(method: 'PUT' | 'POST', path: string) =>
  (payload: Payload, idempotencyKey: string, stepUp?: { code: string | undefined; check: StepUpCheck }) =>
    withStepUp((code) => apiRequest<WriteAnswer>(path, { method, body: payload, headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) } }), stepUp);

export type DepositPayload = { accNum: string; depositAmount: string };
export const sendDepositRequest = sender<DepositPayload>('PUT', '/api/depositReq');

/** `confirmedName`: the masked name the name enquiry showed for `accNum`, which the customer confirmed. */
export type TransferPayload = { id: string; accNum: string; confirmedName: string; sendAmount: string };
export const sendTransfer = sender<TransferPayload>('PUT', '/api/userMoneyTrans');
/**
 * The transfer's step-up check, before its confirm step: whether it needs a code and which (an SMS
 * code is sent by this call, bound to this transfer); with a code, whether the code is right.
 */
export const checkTransfer = (payload: TransferPayload, code: string | undefined) =>
  apiRequest<StepUpCheckAnswer>('/api/userMoneyTrans/check', { method: 'POST', body: payload, headers: secondFactorHeaders(code) });

export type CardRequestPayload = { card: 'debit' | 'credit'; accNum: string };
export const sendCardRequest = sender<CardRequestPayload>('POST', '/api/cardsReq');

export type LoanRequestPayload = { loan: string; accNum: string; income: string; company: string; lAmount: string; lDuration: string; document: string; documentKind: LoanDocumentKind };
export const sendLoanRequest = sender<LoanRequestPayload>('POST', '/api/loanReq');

export type RepaymentPayload = { id: string; accNum: string; amount: string };
export const sendRepayment = sender<RepaymentPayload>('PUT', '/api/lInfoUpdate');

/** After money moved or a request was made: balances, statements, cards and loans are all stale. */
export function useRefreshBanking(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: bankingKeys.all }), invalidateAccounts(queryClient)]);
  };
}
