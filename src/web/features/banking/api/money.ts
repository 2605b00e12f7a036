import { useQueryClient } from '@tanstack/react-query';
import type { LoanDocumentKind } from '../../../../shared/constants';
import type { PayeeCheckAnswer } from '../../../../shared/schemas/banking';
import { invalidateAccounts } from '../../../lib/account-queries';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';
import { secondFactorHeaders, withStepUp } from '../../../lib/step-up';
import { bankingKeys } from './accounts';

/**
 * The answer of a money call. `insertedId` is the reference: the journal entry of a transfer or
 * repayment, the request's id for a deposit, card or loan request.
 */
export type WriteAnswer = { acknowledged: true; insertedId?: string; amount?: number; tLAmount?: number; repaid?: boolean; postedAt?: string };

/**
 * One send of a money call; the caller keeps `idempotencyKey` for every resend of the same
 * operation. When the server asks for a code from the authenticator app (a transfer above
 * 50,000 BDT, or above 25,000 BDT to a receiver not sent that much before), the code prompt asks
 * for it and the call goes again with the same key.
 */
const sender =
  <Payload>(method: 'PUT' | 'POST', path: string) =>
  (payload: Payload, idempotencyKey: string) =>
    withStepUp((code) => apiRequest<WriteAnswer>(path, { method, body: payload, headers: { ...idempotencyHeader(idempotencyKey), ...secondFactorHeaders(code) } }));

export type DepositPayload = { accNum: string; depositAmount: string };
export const sendDepositRequest = sender<DepositPayload>('PUT', '/api/depositReq');

export type TransferPayload = { id: string; transfer: string; user: string; accNum: string; sendAmount: string };
export const sendTransfer = sender<TransferPayload>('PUT', '/api/userMoneyTrans');

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

export type PayeeCheckPayload = { transfer: string; user: string; accNum: string };
/** Match or no match for the receiver's typed type and name; never the holder's name. */
export const checkPayee = (payload: PayeeCheckPayload) => apiRequest<PayeeCheckAnswer>('/api/payeeCheck', { method: 'POST', body: payload });
