import { z } from 'zod';
import { loanTypeSlugs } from '../constants';

const amountPoisha = z.string().regex(/^\d{1,15}$/);
const accountId = z.string().min(1).max(32);
const holder = z.string().max(200);

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
]);
export type Movement = z.infer<typeof movementSchema>;
export type MovementKind = Movement['kind'];
