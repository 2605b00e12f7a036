import type { z } from 'zod';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { transferSchema } from '../../../shared/schemas/banking';
import { withWireFieldNames } from '../../errors';
import type { TransferCommand, TransferResult } from './transfers.service';

/**
 * The transfer routes' wire vocabulary, in one place: the first product's field names (`id` the
 * sending account, `accNum` the receiving one, `sendAmount`; `docs/wire-names.md`) become the
 * command's on the way in, and the command's become them again on the way out, in answers and in
 * the fields a refusal marks. Nothing behind the routes sees the wire's names.
 */
type TransferBody = z.output<typeof transferSchema>;

/** Our name → the wire's, for every field of a transfer command. */
const wireNameOf: Readonly<Record<keyof TransferCommand, keyof TransferBody>> = {
  senderAccountId: 'id',
  receiverAccountId: 'accNum',
  confirmedReceiverName: 'confirmedName',
  amountPoisha: 'sendAmount',
};

export const transferCommandOf = (body: TransferBody): TransferCommand => ({
  senderAccountId: body.id,
  receiverAccountId: body.accNum,
  confirmedReceiverName: body.confirmedName,
  amountPoisha: body.sendAmount,
});

/** A transfer's refusal with the fields it marks named as the request named them. */
export const inTransferWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, wireNameOf);

/**
 * What a transfer answers: `amount` is the sender's balance after it, in BDT; `postedAt` when the
 * bank recorded it, for the customer's receipt (a resent key gets the first answer, time and all).
 */
export type TransferAnswer = { acknowledged: true; modifiedCount: number; insertedId: string; reference: string; amount: number; postedAt: string };

export const toTransferAnswer = (result: TransferResult): TransferAnswer => ({
  acknowledged: true,
  modifiedCount: 2,
  insertedId: result.entryId,
  reference: formatReference(result.reference),
  amount: poishaToBdtNumber(result.senderBalancePoisha),
  postedAt: new Date().toISOString(),
});
