import { z } from 'zod';
import { rails } from '../bank-directory';
import { loanTypeSlugs } from '../constants';

const amountPoisha = z.string().regex(/^\d{1,15}$/);
const accountId = z.string().min(1).max(32);
const holder = z.string().max(200);
/** Another bank's or wallet's code in the directory (`src/shared/bank-directory.ts`), and an account or wallet number there. */
const participant = z.string().regex(/^[A-Z0-9]{2,12}$/);
const otherAccount = z.string().min(1).max(34);
const rail = z.enum(rails);

/**
 * What a journal entry did, as data rather than words: its kind and the facts a description is
 * made of. The journal stores these with every entry; each reader's description is written from
 * them in the reader's language when it is shown (`describeMovement`), on screen, in a CSV or PDF
 * and in a message. Amounts are poisha in decimal text (JSON has no 64-bit integers); names are
 * the holders' names as they stood when the money moved.
 */
export const movementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('deposit'), amountPoisha }),
  z.object({ kind: z.literal('transfer'), amountPoisha, fromAccountId: accountId, fromHolder: holder, toAccountId: accountId, toHolder: holder }),
  z.object({ kind: z.literal('loan_disbursement'), amountPoisha, loanType: z.enum(loanTypeSlugs) }),
  z.object({ kind: z.literal('loan_repayment'), amountPoisha, loanType: z.enum(loanTypeSlugs) }),
  /** Money sent to another bank or a wallet; `chargePoisha` is the fee with its VAT, taken with it. */
  z.object({ kind: z.literal('payment_out'), amountPoisha, chargePoisha: amountPoisha, rail, toParticipant: participant, toAccount: otherAccount, toHolder: holder }),
  /** A payment out that came back: refused by the switch or the receiving side, or returned after it settled; the charge comes back with it. */
  z.object({ kind: z.literal('payment_back'), amountPoisha, rail, toParticipant: participant, toAccount: otherAccount, toHolder: holder, why: z.enum(['rejected', 'returned']) }),
  /** Money received from another bank or a wallet. */
  z.object({ kind: z.literal('payment_in'), amountPoisha, rail, fromParticipant: participant, fromAccount: otherAccount, fromHolder: holder }),
  /** The bank's own books: a payment out left the clearing account for the settlement account when the switch settled it. */
  z.object({ kind: z.literal('payment_settled'), amountPoisha, rail }),
  /** A posting period's interest reached the account, with the source tax withheld from it (`taxPercent` of it, as decimal text). */
  z.object({ kind: z.literal('interest_posted'), amountPoisha, taxPoisha: amountPoisha, taxPercent: z.string().regex(/^[0-9]{1,3}$/) }),
  /**
   * The year's excise duty taken from the account on 31 December (`year`, decimal text): what the
   * account held of it; `duePoisha` is the rest it could not pay, still owed (record 085).
   */
  z.object({ kind: z.literal('excise_charged'), amountPoisha, duePoisha: amountPoisha, year: z.string().regex(/^\d{4}$/) }),
  /**
   * Excise duty still due from earlier years taken from the account at a later day close (record
   * 090): `years`, oldest first and comma-separated, are the years it pays; `duePoisha` is what
   * the account still owes after it, over all its years.
   */
  z.object({ kind: z.literal('excise_collected'), amountPoisha, duePoisha: amountPoisha, years: z.string().regex(/^\d{4}(,\d{4}){0,99}$/) }),
  /** The principal of a fixed deposit receipt (FDR) taken from the account for a term of months. */
  z.object({ kind: z.literal('fdr_open'), amountPoisha, termMonths: z.string().regex(/^\d{1,2}$/) }),
  /**
   * An FDR paid out, `amountPoisha` reaching the account (or carried into the renewal, for
   * `renewal`): at maturity (principal and interest), the interest alone of a renewed principal,
   * or broken early; `interestPoisha` and the source tax withheld from it.
   */
  z.object({ kind: z.literal('fdr_payout'), amountPoisha, interestPoisha: amountPoisha, taxPoisha: amountPoisha, why: z.enum(['maturity', 'interest', 'renewal', 'encashment']) }),
  /** A DPS instalment taken from the account: its number in the scheme. */
  z.object({ kind: z.literal('dps_instalment'), amountPoisha, instalment: z.string().regex(/^\d{1,3}$/) }),
  /** A DPS paid out to the account, at maturity or closed early, with the interest and the source tax withheld from it. */
  z.object({ kind: z.literal('dps_payout'), amountPoisha, interestPoisha: amountPoisha, taxPoisha: amountPoisha, why: z.enum(['maturity', 'early-closure']) }),
]);
export type Movement = z.infer<typeof movementSchema>;
export type MovementKind = Movement['kind'];
