import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountAnswer } from '../../../../shared/schemas/banking-answers';
import { apiGet, apiPost } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';

export const bankingKeys = {
  all: ['banking'] as const,
  accounts: () => [...bankingKeys.all, 'accounts'] as const,
  loans: () => [...bankingKeys.all, 'loans'] as const,
  loan: (id: string) => [...bankingKeys.all, 'loan', id] as const,
  cards: () => [...bankingKeys.all, 'cards'] as const,
};

export const myAccountsQuery = () => queryOptions({ queryKey: bankingKeys.accounts(), queryFn: ({ signal }) => apiGet<AccountAnswer[]>('/api/userAccount', signal) });
export const useMyAccounts = () => useQuery(myAccountsQuery());

export type AccountRequestPayload = {
  role: string;
  email: string;
  phone: string;
  img: string;
  gender: string;
  residentialArea: string;
  permanentArea: string;
  nid: string;
  nomineeName: string;
  nomineeId: string;
  nomineeRelation: string;
  birthDate: string;
};

/** One send of an account request; the answer's `insertedId` is the new account's number. */
export const sendAccountRequest = (payload: AccountRequestPayload, idempotencyKey: string) =>
  apiPost<{ acknowledged: true; insertedId: string }>('/api/requestedUsers', { ...payload, status: 'pending', card: 'blank', amount: 0 }, idempotencyHeader(idempotencyKey));
