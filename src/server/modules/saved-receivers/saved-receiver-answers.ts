import type { z } from 'zod';
import type { SavedReceiverAnswer, saveReceiverSchema } from '../../../shared/schemas/saved-receivers';
import { directoryEntry } from '../../../shared/bank-directory';
import { accountTypeDisplayNames } from '../../../shared/schemas/banking';
import { withWireFieldNames } from '../../errors';
import { toIso } from '../../lib/answer-fields';
import type { SavedReceiverRow } from './saved-receivers.repository';
import type { SaveReceiverCommand } from './saved-receivers.service';

/**
 * The saved receivers' wire vocabulary, the transfer form's (`docs/wire-names.md`): `accNum` is the
 * receiver's account (or wallet number), `confirmedName` the masked name confirmed for it,
 * `participant` the other bank or wallet; in an answer `transfer` is the account type's display
 * word and `user` the receiver's name as the customer confirmed it.
 */
export const saveReceiverCommandOf = (body: z.output<typeof saveReceiverSchema>): SaveReceiverCommand => ({
  receiverParticipant: body.participant ?? null,
  receiverAccountId: body.accNum,
  confirmedReceiverName: body.confirmedName,
  nickname: body.nickname,
});

// The switch's enquiry names the account `receiverAccount`, as a payment's does.
export const inSavedReceiverWireNames = (refusal: unknown): unknown =>
  withWireFieldNames(refusal, { receiverAccountId: 'accNum', receiverAccount: 'accNum', confirmedReceiverName: 'confirmedName', receiverParticipant: 'participant' });

/** The bank or wallet with its names, from the directory; a code the directory no longer holds keeps the code as its name. */
function participantOf(code: string | null): SavedReceiverAnswer['participant'] {
  if (code === null) return null;
  const entry = directoryEntry(code);
  return entry ? { code, kind: entry.kind, nameEn: entry.nameEn, nameBn: entry.nameBn } : { code, kind: 'bank', nameEn: code, nameBn: code };
}

/** A saved receiver as the transfer form shows it: the name is the masked name looked up (one saved before look-ups keeps the name typed then). */
export const toSavedReceiverAnswer = (row: SavedReceiverRow): SavedReceiverAnswer => ({
  _id: row.id,
  accNum: row.account_number,
  transfer: row.account_type === null ? null : accountTypeDisplayNames[row.account_type],
  participant: participantOf(row.participant_code),
  user: row.holder_name,
  nickname: row.nickname,
  createdAt: toIso(row.created_at),
});
