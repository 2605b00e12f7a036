import { z } from 'zod';
import { bankGroups, directoryEntry, isWalletNumber, participantKinds, rails } from '../bank-directory';
import { accountNumber, confirmedName, transferAmount } from './banking';
import { digitsText, oneLine, refuseHiddenCharacters } from './fields';

/** A bank or wallet a customer may pay, as `GET /api/banks` lists it: both names, so a search finds it in either language. */
export const directoryEntryAnswerSchema = z.object({
  code: z.string(),
  kind: z.enum(participantKinds),
  group: z.enum(bankGroups),
  nameEn: z.string(),
  nameBn: z.string(),
  rails: z.array(z.enum(rails)),
  /** A bank's head-office BEFTN routing number; flagged while it is not the real one. */
  headOfficeRoutingNumber: z.string().optional(),
  routingNumberInvented: z.boolean().optional(),
});
export type DirectoryEntryAnswer = z.output<typeof directoryEntryAnswerSchema>;

export const bankDirectoryAnswerSchema = z.array(directoryEntryAnswerSchema);

/**
 * Where a payment to another bank or wallet stands: `sending` until the clearing house answers
 * (or while its answer is unknown), `accepted` into a BEFTN session, `settled`, `rejected` (the
 * money came back at once) or `returned` (it came back after it settled).
 */
export const paymentStatuses = ['sending', 'accepted', 'settled', 'rejected', 'returned'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What a payment's message may say of its purpose (ISO 20022's unstructured remittance information). */
export const remittanceLengthMax = 140;

const receiverFields = {
  accountId: accountNumber('Your account number'),
  receiverParticipant: z.string({ error: 'Choose the bank or wallet you are paying' }).refine((code) => directoryEntry(code) !== undefined, 'Choose the bank or wallet you are paying'),
  /** An account number at a bank (6 to 20 digits), or a wallet's mobile number (11 digits from 01). */
  receiverAccount: digitsText('The receiver’s account or wallet number is required').pipe(z.string().regex(/^\d{6,20}$/, 'The receiver’s account number must be 6 to 20 digits')),
  amount: transferAmount,
};

/** A wallet is paid at its holder's mobile number; a bank at an account number. */
const walletNumberFits = (payment: { receiverParticipant: string; receiverAccount: string }, context: z.RefinementCtx) => {
  if (directoryEntry(payment.receiverParticipant)?.kind === 'wallet' && !isWalletNumber(payment.receiverAccount)) {
    context.addIssue({ code: 'custom', path: ['receiverAccount'], message: 'A wallet is paid at its mobile number: 11 digits starting 01' });
  }
};

/** `POST /api/payments/quote`: who would be paid, how much, from which account. Moves nothing. */
export const paymentQuoteSchema = z.object(receiverFields).superRefine(walletNumberFits);

/** `POST /api/payments`: the quote's fields, the receiver's name as the customer confirmed it, the rail they chose (the proposed one by default) and what it is for. */
export const paymentSchema = z
  .object({
    ...receiverFields,
    confirmedName,
    rail: z.enum(rails, { error: 'Choose NPSB, BEFTN or RTGS' }).optional(),
    purpose: z.string().trim().max(remittanceLengthMax, `The purpose may be at most ${remittanceLengthMax} characters`).superRefine(refuseHiddenCharacters('Purpose', oneLine)).optional(),
  })
  .superRefine(walletNumberFits);
