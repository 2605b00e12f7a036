import { z } from 'zod';
import { accountInterestSchema } from './interest-terms';
import { declinedAnswerFields } from './decline';
import { movementSchema } from './movement';
import { loanDocumentKinds } from '../constants';

/** What the API answers for banking records: the wire's field names (`docs/wire-names.md`), amounts as BDT numbers. */
export const accountAnswerSchema = z.object({
  _id: z.string(),
  accountType: z.string(),
  role: z.string(),
  user: z.string(),
  email: z.string(),
  phone: z.string(),
  img: z.string(),
  status: z.enum(['pending', 'success', 'declined']),
  card: z.string(),
  cards: z.string().optional(),
  cardStatus: z.enum(['pending', 'success']).optional(),
  cardId: z.string().optional(),
  loanStatus: z.enum(['pending', 'success']).optional(),
  depositReq: z.enum(['pending', 'success']).optional(),
  residentialArea: z.string(),
  permanentArea: z.string(),
  nid: z.string(),
  nomineeName: z.string(),
  nomineeId: z.string(),
  nomineeRelation: z.string(),
  gender: z.string(),
  birthDate: z.string(),
  amount: z.number(),
  totalLoanAmount: z.number(),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  ...declinedAnswerFields,
  /** What the account earns, on the customer's own account answers; absent on staff lists and for a type without terms. */
  interest: accountInterestSchema.optional(),
});
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;
export const accountListAnswerSchema = z.array(accountAnswerSchema);

export const statementLineSchema = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.string(),
  /** In the reader's language; `movement` is what it was written from, for a reader who switches language. */
  description: z.string(),
  movement: movementSchema.nullable(),
  debit: z.number().nullable(),
  credit: z.number().nullable(),
  balance: z.number(),
  /** The journal entry the line belongs to: a transfer's receipt is asked for by it. */
  entryId: z.string(),
  /** The movement's short reference as it is shown (`formatReference`), the one on its receipt and messages. */
  reference: z.string(),
});
export const statementAnswerSchema = z.object({ accountId: z.string(), lines: z.array(statementLineSchema), nextBefore: z.string().nullable() });
export type StatementAnswer = z.infer<typeof statementAnswerSchema>;

/** An account request's answer: `insertedId` is the new account's 13-digit number, which waits for staff. */
export const accountRequestAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type AccountRequestAnswer = z.output<typeof accountRequestAnswerSchema>;

/**
 * A transfer's answer: `insertedId` is its journal entry, `amount` the sender's balance after it in
 * BDT, `postedAt` when the bank recorded it (a resent key gets the first answer, time and all).
 */
export const transferAnswerSchema = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.number(),
  insertedId: z.string(),
  reference: z.string(),
  amount: z.number(),
  postedAt: z.string(),
});
export type TransferAnswer = z.output<typeof transferAnswerSchema>;

/** A card request's answer: `insertedId` is the request's id, the reference its receipt shows until staff decide. */
export const cardRequestAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type CardRequestAnswer = z.output<typeof cardRequestAnswerSchema>;

/** A card request declined, or an issued card cancelled: `outcome` says which. */
export const cardCloseAnswerSchema = z.object({ acknowledged: z.literal(true), deletedCount: z.number(), outcome: z.enum(['declined', 'cancelled']) });
export type CardCloseAnswer = z.output<typeof cardCloseAnswerSchema>;

/** A loan request's answer: `insertedId` is the request's id, the reference its receipt shows. */
export const loanRequestAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type LoanRequestAnswer = z.output<typeof loanRequestAnswerSchema>;

/**
 * A deposit request's answer: `insertedId` is the request's id, `reference` the short reference
 * (`formatReference`) the customer quotes when paying in; the credit carries the same one.
 */
export const depositRequestAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string(), reference: z.string() });
export type DepositRequestAnswer = z.output<typeof depositRequestAnswerSchema>;

/** A loan repayment's answer: `tLAmount` is what is left to repay, in BDT, and `repaid` whether that is nothing. */
export const repaymentAnswerSchema = z.object({
  acknowledged: z.literal(true),
  modifiedCount: z.number(),
  insertedId: z.string(),
  reference: z.string(),
  tLAmount: z.number(),
  repaid: z.boolean(),
});
export type RepaymentAnswer = z.output<typeof repaymentAnswerSchema>;

export const loanAnswerSchema = z.object({
  _id: z.string(),
  accNum: z.string(),
  accountType: z.string(),
  loan: z.string(),
  lDuration: z.string(),
  lAmount: z.number(),
  interest: z.number(),
  interestPercent: z.number(),
  totalAmount: z.number(),
  tLAmount: z.number(),
  status: z.enum(['pending', 'success', 'declined']),
  repaid: z.boolean(),
  income: z.number(),
  company: z.string(),
  /** Web links and a passport scan: only loans requested before the uploaded proof of income have them. */
  evidence: z.string().nullable(),
  passport: z.string().nullable(),
  /** The uploaded proof of income (private: its owner and staff may open it) and its kind. */
  document: z.string().nullable(),
  documentKind: z.enum(loanDocumentKinds).nullable(),
  /** A PDF opens in its own tab; a scan can be shown in the page. */
  documentIsPdf: z.boolean(),
  /** The monthly instalment in BDT: the largest of the equal instalments (`monthlyInstalmentPoisha`). */
  monthlyInstalment: z.number(),
  name: z.string(),
  user: z.string(),
  email: z.string(),
  phone: z.string(),
  nid: z.string(),
  requestedAt: z.string(),
  ...declinedAnswerFields,
});
export type LoanAnswer = z.infer<typeof loanAnswerSchema>;
export const loanListAnswerSchema = z.array(loanAnswerSchema);

export const cardAnswerSchema = z.object({
  _id: z.string(),
  accNum: z.string(),
  accountType: z.string(),
  card: z.string(),
  status: z.enum(['pending', 'success', 'declined', 'cancelled']),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  nid: z.string(),
  lastFour: z.string().nullable(),
  expiry: z.string().nullable(),
  cards: z.string().nullable(),
  requestedAt: z.string(),
  ...declinedAnswerFields,
});
export type CardAnswer = z.infer<typeof cardAnswerSchema>;

export const depositAnswerSchema = z.object({
  _id: z.string(),
  /** The short reference given when the deposit was asked for; its credit on the statement carries the same. */
  reference: z.string(),
  accNum: z.string(),
  email: z.string(),
  user: z.string(),
  depositAmount: z.number(),
  userAmount: z.number(),
  depStatus: z.enum(['pending', 'success', 'declined']),
  requestedAt: z.string(),
  ...declinedAnswerFields,
});
export type DepositAnswer = z.infer<typeof depositAnswerSchema>;
export const depositListAnswerSchema = z.array(depositAnswerSchema);

/** A loan's monthly instalments as the server computes them (shared/loan.ts), amounts in BDT. */
export const loanScheduleAnswerSchema = z.object({
  loanId: z.string(),
  months: z.number().int(),
  monthlyInstalment: z.number(),
  totalAmount: z.number(),
  outstanding: z.number(),
  instalments: z.array(z.object({ number: z.number().int(), amount: z.number(), state: z.enum(['paid', 'part-paid', 'due']), remainingAfter: z.number() })),
});
export type LoanScheduleAnswer = z.infer<typeof loanScheduleAnswerSchema>;
