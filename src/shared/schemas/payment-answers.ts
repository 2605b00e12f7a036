import { z } from 'zod';
import { rails } from '../bank-directory';
import { arrivals, railProposals, railRefusals } from '../payment-rails/rail-rules';
import { listLimit, listOffset } from './fields';
import { paymentStatuses } from './payments';

/**
 * What the payment routes answer, shared with the web. Amounts are BDT numbers with at most two
 * decimals (`poishaToBdtNumber`), times ISO 8601 instants; a receiver's name only ever masked.
 */

/**
 * Who is paid: the bank or wallet's code, the account or wallet number, and the holder's name as
 * the switch's enquiry gave it, masked. At a bank that answers no name enquiry the name is the
 * one the customer typed: masked in `maskedName` too, and as typed in `typedName` (theirs to see,
 * and what to compare when the money comes back for a name that did not match); null otherwise.
 * Answers stored before names could be typed have none.
 */
export const paymentReceiverAnswerSchema = z.object({ participant: z.string(), account: z.string(), maskedName: z.string(), typedName: z.string().nullable().default(null) });

/**
 * One rail for the quoted payment: open, with its charge (fee, VAT on it, and the amount with
 * both: what leaves the account) and when the money arrives; or closed, with the reason's code and
 * its words (`railRefusalWords`).
 */
export const paymentRailOptionAnswerSchema = z.discriminatedUnion('open', [
  z.object({ rail: z.enum(rails), open: z.literal(true), arrival: z.enum(arrivals), fee: z.number(), vat: z.number(), total: z.number(), arrivesBy: z.string() }),
  z.object({ rail: z.enum(rails), open: z.literal(false), refusal: z.enum(railRefusals), refusalWords: z.string() }),
]);
export type PaymentRailOptionAnswer = z.output<typeof paymentRailOptionAnswerSchema>;

/**
 * NPSB's limits for the customer today: per payment, per Dhaka day, what they have sent over it
 * today (on its way or settled) and what is left of the day's.
 */
export const npsbLimitsAnswerSchema = z.object({ perTransfer: z.number(), perDay: z.number(), sentToday: z.number(), leftToday: z.number() });

/** `POST /api/payments/quote`: who would be paid, every rail's terms, the rail proposed and why. Moves nothing. */
export const paymentQuoteAnswerSchema = z.object({
  receiver: paymentReceiverAnswerSchema,
  /**
   * Whether the bank has checked who holds the account: true after the switch's name enquiry;
   * false at a bank that answers none, where the name typed goes out unchecked and the receiving
   * bank returns the money if it is not its holder's.
   */
  receiverNameChecked: z.boolean(),
  amount: z.number(),
  options: z.array(paymentRailOptionAnswerSchema),
  /** null when no rail can take the payment now. */
  proposed: z.enum(rails).nullable(),
  why: z.enum(railProposals),
  whyWords: z.string(),
  npsbLimits: npsbLimitsAnswerSchema,
});
export type PaymentQuoteAnswer = z.output<typeof paymentQuoteAnswerSchema>;

/**
 * A payment as its customer sees it: `status` where it stands (`paymentStatuses`), with the
 * switch's reason code and its words once it was refused or came back (`paymentReasonWords`).
 */
export const paymentAnswerSchema = z.object({
  id: z.string(),
  /** The short reference as shown (`formatReference`): the receipt's and the statement line's. */
  reference: z.string(),
  status: z.enum(paymentStatuses),
  reasonCode: z.string().nullable(),
  reasonWords: z.string().nullable(),
  accountId: z.string(),
  rail: z.enum(rails),
  amount: z.number(),
  fee: z.number(),
  vat: z.number(),
  total: z.number(),
  receiver: paymentReceiverAnswerSchema,
  purpose: z.string().nullable(),
  arrivesBy: z.string(),
  createdAt: z.string(),
  /** The switch's own reference for the payment, once it has answered: what the receiving bank quotes. Answers stored before it was given have none. */
  clearingReference: z.string().nullable().default(null),
});
export type PaymentAnswer = z.output<typeof paymentAnswerSchema>;

/** One step of a payment's history, oldest first. */
export const paymentEventAnswerSchema = z.object({ status: z.enum(paymentStatuses), reasonCode: z.string().nullable(), reasonWords: z.string().nullable(), at: z.string() });

/** `GET /api/payments/:id`: the payment and its history. */
export const paymentDetailAnswerSchema = paymentAnswerSchema.extend({ history: z.array(paymentEventAnswerSchema) });
export type PaymentDetailAnswer = z.output<typeof paymentDetailAnswerSchema>;

/** `GET /api/payments`: a page of the customer's own payments, newest first; the total in `X-Total-Count`. */
export const paymentListAnswerSchema = z.array(paymentAnswerSchema);

export const paymentPageSizeDefault = 20;
export const paymentPageSizeMax = 50;
export const paymentListQuerySchema = z.object({ limit: listLimit(paymentPageSizeMax, paymentPageSizeDefault), offset: listOffset() });

export const paymentIdParamsSchema = z.object({ id: z.uuid('Payment id is not valid') });
