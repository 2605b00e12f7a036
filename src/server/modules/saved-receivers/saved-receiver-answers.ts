import type { z } from 'zod';
import type { SavedReceiverAnswer, saveReceiverSchema } from '../../../shared/schemas/saved-receivers';
import { accountTypeDisplayNames } from '../../../shared/schemas/banking';
import { withWireFieldNames } from '../../errors';
import { toIso } from '../../lib/answer-fields';
import type { SavedReceiverRow } from './saved-receivers.repository';
import type { SaveReceiverCommand } from './saved-receivers.service';

/**
 * The saved receivers' wire vocabulary, the transfer form's (`docs/wire-names.md`): `accNum` is the
 * receiver's account, `confirmedName` the masked name confirmed for it; in an answer `transfer` is
 * the account type's display word and `user` the receiver's name as the customer confirmed it.
 */
export const saveReceiverCommandOf = (body: z.output<typeof saveReceiverSchema>): SaveReceiverCommand => ({
  receiverAccountId: body.accNum,
  confirmedReceiverName: body.confirmedName,
  nickname: body.nickname,
});

export const inSavedReceiverWireNames = (refusal: unknown): unknown => withWireFieldNames(refusal, { receiverAccountId: 'accNum', confirmedReceiverName: 'confirmedName' });

/** A saved receiver as the transfer form shows it: the name is the masked name looked up (one saved before look-ups keeps the name typed then). */
export const toSavedReceiverAnswer = (row: SavedReceiverRow): SavedReceiverAnswer => ({
  _id: row.id,
  accNum: row.account_number,
  transfer: accountTypeDisplayNames[row.account_type],
  user: row.holder_name,
  nickname: row.nickname,
  createdAt: toIso(row.created_at),
});
