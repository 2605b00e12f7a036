import type { z } from 'zod';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { depositRequestSchema } from '../../../shared/schemas/banking';
import type { DepositAnswer, DepositRequestAnswer } from '../../../shared/schemas/banking-answers';
import { withWireFieldNames } from '../../errors';
import { declinedAnswer } from '../../lib/answer-fields';
import type { DepositRow } from './deposits.repository';
import type { DepositRequestCommand } from './deposits.service';

/**
 * The deposit routes' wire vocabulary (`docs/wire-names.md`): `accNum` is the customer's account
 * and `depositAmount` the amount in BDT on the wire, in poisha behind the routes; in an answer
 * `user` is the holder, `userAmount` the account's balance now and `depStatus` the request's status.
 */
type DepositRequestBody = z.output<typeof depositRequestSchema>;

/** Our name → the wire's, for every field of a deposit request. */
const wireNameOf: Readonly<Record<keyof DepositRequestCommand, keyof DepositRequestBody>> = {
  accountId: 'accNum',
  amountPoisha: 'depositAmount',
};

export const depositRequestCommandOf = (body: DepositRequestBody): DepositRequestCommand => ({
  accountId: body.accNum,
  amountPoisha: body.depositAmount,
});

/** A deposit request's refusal, with the fields it marks named as the request named them. */
export const inDepositWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, wireNameOf);

export const toDepositRequestAnswer = (deposit: { id: string; reference: string }): DepositRequestAnswer => ({
  acknowledged: true,
  insertedId: deposit.id,
  reference: formatReference(deposit.reference),
});

/** A deposit request with the account's balance now (`userAmount`), both in BDT. */
export const toDepositAnswer = (row: DepositRow): DepositAnswer => ({
  _id: row.id,
  reference: formatReference(row.reference),
  accNum: row.bankAccountId,
  email: row.email,
  user: row.holderName,
  depositAmount: poishaToBdtNumber(row.amountPoisha),
  userAmount: poishaToBdtNumber(row.balancePoisha),
  depStatus: row.status,
  requestedAt: row.requestedAt.toISOString(),
  ...declinedAnswer(row),
});
