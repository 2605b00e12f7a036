import type { z } from 'zod';
import { poishaToBdtNumber } from '../../../shared/money';
import { formatReference } from '../../../shared/reference';
import type { transferSchema } from '../../../shared/schemas/banking';
import type { TransferAnswer } from '../../../shared/schemas/banking-answers';
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

export const toTransferAnswer = (result: TransferResult): TransferAnswer => ({
  acknowledged: true,
  modifiedCount: 2,
  insertedId: result.entryId,
  reference: formatReference(result.reference),
  amount: poishaToBdtNumber(result.senderBalancePoisha),
  postedAt: new Date().toISOString(),
});
