import { apiPost } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';

// Apart from the account queries: those are read by the router, so whatever they import is part of
// every first screen's code, and the money-safety helpers here are needed only on this one form.

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
