import { accountRequestAnswerSchema, type AccountRequestAnswer } from '../../../../shared/schemas/banking-answers';
import type { AccountRequestInput } from '../../../../shared/schemas/banking';
import { apiRequestChecked } from '../../../lib/api-client';
import { idempotencyHeader } from '../../../lib/settle-operation';

// Apart from the account queries: those are read by the router, so whatever they import is part of
// every first screen's code, and the money-safety helpers here are needed only on this one form.

/** What `POST /api/requestedUsers` takes and answers: the shared schemas' own (`z.input`, `z.output`). */
export type AccountRequestPayload = AccountRequestInput;
export type { AccountRequestAnswer };

/** One send of an account request; the answer's `insertedId` is the new account's number. */
export const sendAccountRequest = (payload: AccountRequestPayload, idempotencyKey: string) =>
  apiRequestChecked(accountRequestAnswerSchema, '/api/requestedUsers', {
    method: 'POST',
    body: { ...payload, status: 'pending', card: 'blank', amount: 0 },
    headers: idempotencyHeader(idempotencyKey),
  });
