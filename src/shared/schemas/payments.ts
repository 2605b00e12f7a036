import { z } from 'zod';
import { answersNameEnquiry, bankGroups, directoryEntry, isWalletNumber, participantKinds, rails } from '../bank-directory';
import { nameLengthMax, nameLengthMin } from '../constants';
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

/**
 * The receiver's name as the customer types it, for a bank that answers no name enquiry (BEFTN and
 * RTGS only): it goes out in the payment as typed, and the receiving bank compares it with its
 * holder's when it posts the credit. As long as a person's name may be here (a pacs.008's name may
 * be 140), in any script, on one line.
 */
export const typedReceiverName = z
  .string({ error: 'Receiver’s name is required' })
  .trim()
  .normalize('NFC')
  .min(1, 'Receiver’s name is required')
  .min(nameLengthMin, `Receiver’s name must be at least ${nameLengthMin} characters`)
  .max(nameLengthMax, `Receiver’s name must be at most ${nameLengthMax} characters`)
  .superRefine(refuseHiddenCharacters('Receiver’s name', oneLine));

const receiverFields = {
  accountId: accountNumber('Your account number'),
  receiverParticipant: z.string({ error: 'Choose the bank or wallet you are paying' }).refine((code) => directoryEntry(code) !== undefined, 'Choose the bank or wallet you are paying'),
  /** An account number at a bank (6 to 20 digits), or a wallet's mobile number (11 digits from 01). */
  receiverAccount: digitsText('The receiver’s account or wallet number is required').pipe(z.string().regex(/^\d{6,20}$/, 'The receiver’s account number must be 6 to 20 digits')),
  amount: transferAmount,
  /** Required for a bank that answers no name enquiry, refused for one that does (`receiverNamedRight`). */
  receiverName: typedReceiverName.optional(),
};

type Named = { receiverParticipant: string; receiverName?: string | undefined; confirmedName?: string | undefined };

/**
 * Who names the receiver, decided by the bank alone: the switch's name enquiry, whose masked
 * answer the customer confirms (`confirmedName`), where the bank answers one; the customer, who
 * types it (`receiverName`), where it does not. Each field is refused where it has no meaning, so
 * a name is never taken for checked when no one checked it.
 */
const receiverNamedRight =
  (confirming: boolean) =>
  (payment: Named, context: z.RefinementCtx): void => {
    const entry = directoryEntry(payment.receiverParticipant);
    if (!entry) return;
    if (!answersNameEnquiry(entry)) {
      if (payment.receiverName === undefined)
        context.addIssue({ code: 'custom', path: ['receiverName'], message: `Receiver’s name is required: ${entry.nameEn} takes no name look-up, so type the name its account is in` });
      if (payment.confirmedName !== undefined)
        context.addIssue({ code: 'custom', path: ['confirmedName'], message: `Nothing is looked up at ${entry.nameEn}: send the receiver’s name as typed instead` });
      return;
    }
    if (payment.receiverName !== undefined)
      context.addIssue({ code: 'custom', path: ['receiverName'], message: `${entry.nameEn} is looked up: confirm the name the look-up shows instead of typing one` });
    if (confirming && payment.confirmedName === undefined) context.addIssue({ code: 'custom', path: ['confirmedName'], message: 'Look up the receiver’s account and confirm the name' });
  };

/** A wallet is paid at its holder's mobile number; a bank at an account number. */
const walletNumberFits = (payment: { receiverParticipant: string; receiverAccount: string }, context: z.RefinementCtx) => {
  if (directoryEntry(payment.receiverParticipant)?.kind === 'wallet' && !isWalletNumber(payment.receiverAccount)) {
    context.addIssue({ code: 'custom', path: ['receiverAccount'], message: 'A wallet is paid at its mobile number: 11 digits starting 01' });
  }
};

/** `POST /api/payments/quote`: who would be paid, how much, from which account. Moves nothing. */
export const paymentQuoteSchema = z.object(receiverFields).superRefine(walletNumberFits).superRefine(receiverNamedRight(false));

/**
 * `POST /api/payments`: the quote's fields, the receiver's name as the customer confirmed it from
 * the look-up (or typed it, where there is none), the rail they chose (the proposed one by
 * default) and what it is for.
 */
export const paymentSchema = z
  .object({
    ...receiverFields,
    confirmedName: confirmedName.optional(),
    rail: z.enum(rails, { error: 'Choose NPSB, BEFTN or RTGS' }).optional(),
    purpose: z.string().trim().max(remittanceLengthMax, `The purpose may be at most ${remittanceLengthMax} characters`).superRefine(refuseHiddenCharacters('Purpose', oneLine)).optional(),
  })
  .superRefine(walletNumberFits)
  .superRefine(receiverNamedRight(true));
