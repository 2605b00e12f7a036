import { z } from 'zod';
import { directoryEntry, isWalletNumber } from '../bank-directory';
import { accountTypeSlugs } from '../constants';
import { digitsText } from './fields';

export const chooseParticipantMessage = 'Choose the bank or wallet the receiver is at';
export const walletNumberMessage = 'A wallet is paid at its mobile number: 11 digits starting 01';

/**
 * The account number fits where the receiver is: 13 digits at this bank (as a transfer's), 6 to 20
 * at another bank (as a payment's), a mobile number 01XXXXXXXXX at a wallet.
 */
export const accountFitsParticipant = (receiver: { accNum: string; participant?: string | undefined }, context: z.RefinementCtx) => {
  const kind = receiver.participant === undefined ? 'this-bank' : directoryEntry(receiver.participant)?.kind;
  const message =
    kind === 'this-bank' && !/^\d{13}$/.test(receiver.accNum)
      ? 'Receiver account number must be 13 digits'
      : kind === 'bank' && !/^\d{6,20}$/.test(receiver.accNum)
        ? 'The receiver’s account number must be 6 to 20 digits'
        : kind === 'wallet' && !isWalletNumber(receiver.accNum)
          ? walletNumberMessage
          : undefined;
  if (message) context.addIssue({ code: 'custom', path: ['accNum'], message });
};

/** A bank or wallet's code in the directory (`src/shared/bank-directory.ts`). */
export const participantCode = z.string({ error: chooseParticipantMessage }).refine((code) => directoryEntry(code) !== undefined, chooseParticipantMessage);

/**
 * The one question a name enquiry asks: who holds this account number, at this bank, or at the
 * bank or wallet `participant` names (asked through the switch, as a payment's quote asks).
 */
export const nameEnquirySchema = z.object({ accNum: digitsText('Receiver account number is required'), participant: participantCode.optional() }).superRefine(accountFitsParticipant);
export type NameEnquiryInput = z.input<typeof nameEnquirySchema>;

/**
 * What a name enquiry answers, and nothing more: the number asked about, the holder's name masked
 * (`maskHolderName`) and the account's type. Never the full name, the owner's id or the balance.
 */
export const nameEnquiryAnswerSchema = z.object({
  accNum: z.string(),
  maskedName: z.string(),
  accountType: z.enum(accountTypeSlugs),
});
export type NameEnquiryAnswer = z.infer<typeof nameEnquiryAnswerSchema>;

/** What a name enquiry at another bank or wallet answers: the switch does not tell the account's type. */
export const participantEnquiryAnswerSchema = z.object({ accNum: z.string(), participant: z.string(), maskedName: z.string() });
export type ParticipantEnquiryAnswer = z.infer<typeof participantEnquiryAnswerSchema>;
