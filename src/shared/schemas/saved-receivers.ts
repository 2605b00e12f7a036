import { z } from 'zod';
import { receiverNicknameLengthMax } from '../constants';
import { accountNumber, confirmedName } from './banking';
import { oneLine, refuseHiddenCharacters } from './fields';

/**
 * A nickname the customer gives a receiver; blank means none. Optional everywhere: the receiver's
 * name and account already say who it is.
 */
export const receiverNickname = z
  .string({ error: 'Nickname must be text' })
  .trim()
  .normalize('NFC')
  .max(receiverNicknameLengthMax, `Nickname must be at most ${receiverNicknameLengthMax} characters`)
  .superRefine(refuseHiddenCharacters('Nickname', oneLine))
  .transform((value) => (value === '' ? null : value));

/** A receiver as the transfer screen confirms one (the account number and the masked name looked up for it), and a nickname. */
export const saveReceiverSchema = z.object({ accNum: accountNumber('Receiver account number'), confirmedName, nickname: receiverNickname.optional() });
export type SaveReceiverInput = z.input<typeof saveReceiverSchema>;

/** A new nickname; blank or null clears it. */
export const renameReceiverSchema = z.object({ nickname: receiverNickname.nullable() });
export type RenameReceiverInput = z.input<typeof renameReceiverSchema>;

export const savedReceiverIdParams = z.object({ id: z.uuid('Saved receiver id is not valid') });

/**
 * One saved receiver as its owner sees it: `user` is the name they confirmed when saving (the
 * masked name the look-up showed; a receiver saved before look-ups existed keeps the name its
 * owner typed then), never the holder's name as the bank holds it. `transfer` is the account
 * type's display word.
 */
export const savedReceiverAnswerSchema = z.object({
  _id: z.string(),
  accNum: z.string(),
  transfer: z.string(),
  user: z.string(),
  nickname: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedReceiverAnswer = z.infer<typeof savedReceiverAnswerSchema>;

/** `merged`: the account was already among the customer's receivers, so that entry was updated instead of a second one made. */
export const saveReceiverAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string(), merged: z.boolean() });
export type SaveReceiverAnswer = z.infer<typeof saveReceiverAnswerSchema>;

export const renameReceiverAnswerSchema = z.object({ acknowledged: z.literal(true), modifiedCount: z.number() });
export const deleteReceiverAnswerSchema = z.object({ deletedCount: z.number() });
