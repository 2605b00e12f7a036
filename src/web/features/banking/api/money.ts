import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bankingKeys } from './accounts';

/** Each money call carries a fresh Idempotency-Key, so a retried click never moves money twice. */
function idempotencyKey(): string {
  return `web-${crypto.randomUUID()}`;
}

type WriteAnswer = { acknowledged: true; insertedId?: string };

function useMoneyMutation<Payload>(method: 'PUT' | 'POST', path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: Payload) => apiRequest<WriteAnswer>(path, { method, body: payload, headers: { 'idempotency-key': idempotencyKey() } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankingKeys.all }),
  });
}

export type DepositPayload = { accNum: string; depositAmount: string };
export const useRequestDeposit = () => useMoneyMutation<DepositPayload>('PUT', '/api/depositReq');

export type TransferPayload = { id: string; transfer: string; user: string; accNum: string; sendAmount: string };
export const useTransferMoney = () => useMoneyMutation<TransferPayload>('PUT', '/api/userMoneyTrans');

export type CardRequestPayload = { card: 'debit' | 'credit'; accNum: string };
export const useRequestCard = () => useMoneyMutation<CardRequestPayload>('POST', '/api/cardsReq');

export type LoanRequestPayload = { loan: string; accNum: string; income: string; company: string; lAmount: string; lDuration: string; passport: string; evidence: string };
export const useRequestLoan = () => useMoneyMutation<LoanRequestPayload>('POST', '/api/loanReq');

export type RepaymentPayload = { id: string; accNum: string; amount: string };
export const useRepayLoan = () => useMoneyMutation<RepaymentPayload>('PUT', '/api/lInfoUpdate');
