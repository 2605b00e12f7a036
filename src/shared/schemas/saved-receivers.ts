import { z } from 'zod';
import { participantKinds } from '../bank-directory';
import { receiverNicknameLengthMax } from '../constants';
import { confirmedName } from './banking';
import { digitsText, oneLine, refuseHiddenCharacters } from './fields';
import { accountFitsParticipant, participantCode } from './name-enquiry';

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

/**
 * A receiver as a transfer or a payment confirms one (the account number and the masked name looked
 * up for it), and a nickname. `participant` is the bank or wallet's code in the directory when the
 * receiver is at another one; absent for an account at this bank.
 */
export const saveReceiverSchema = z
  .object({
    accNum: digitsText('Receiver account number is required'),
    confirmedName,
    nickname: receiverNickname.optional(),
    participant: participantCode.optional(),
  })
  .superRefine(accountFitsParticipant);
export type SaveReceiverInput = z.input<typeof saveReceiverSchema>;

/** A new nickname; blank or null clears it. */
export const renameReceiverSchema = z.object({ nickname: receiverNickname.nullable() });
export type RenameReceiverInput = z.input<typeof renameReceiverSchema>;

export const savedReceiverIdParams = z.object({ id: z.uuid('Saved receiver id is not valid') });

/**
 * One saved receiver as its owner sees it: `user` is the name they confirmed when saving (the
 * masked name the look-up showed; a receiver saved before look-ups existed keeps the name its
 * owner typed then), never the holder's name as the bank holds it.
 */
export const savedReceiverAnswerSchema = z.object({
  _id: z.string(),
  accNum: z.string(),
  /** The account type's display word at this bank; null at another bank or wallet, whose type the switch does not tell. */
  transfer: z.string().nullable(),
  /** The bank or wallet the receiver is at, with its names in both languages; null for this bank. */
  participant: z.object({ code: z.string(), kind: z.enum(participantKinds), nameEn: z.string(), nameBn: z.string() }).nullable(),
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
