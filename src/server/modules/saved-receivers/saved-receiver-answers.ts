import type { SavedReceiverAnswer } from '../../../shared/schemas/saved-receivers';
import { accountTypeDisplayNames } from '../../../shared/schemas/banking';
import { toIso } from '../../lib/answer-fields';
import type { SavedReceiverRow } from './saved-receivers.repository';

/** A saved receiver in the transfer form's words: `transfer` is the type's display word, `user` the name the customer confirmed (the masked name looked up; one saved before look-ups keeps the name typed then). */
export const toSavedReceiverAnswer = (row: SavedReceiverRow): SavedReceiverAnswer => ({
  _id: row.id,
  accNum: row.account_number,
  transfer: accountTypeDisplayNames[row.account_type],
  user: row.holder_name,
  nickname: row.nickname,
  createdAt: toIso(row.created_at),
});
