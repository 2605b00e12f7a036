import { z } from 'zod';
import { rails } from '../bank-directory';
import { decisionReasonLengthMax, listPageSizeMax } from '../constants';
import { listLimit, listOffset, paragraphs, requiredText, wellFormedText } from './fields';
import { paymentStatuses } from './payments';

/**
 * The staff's payments operations (record 072): payments to and from other banks, the
 * reconciliation of the bank's books with the clearing house's, and the repairs a second member
 * of staff approves.
 */

/** What an inward payment became at the bank: credited to the account it named, or refused (its pacs.002 said RJCT). */
export const inwardStatuses = ['credited', 'refused'] as const;

/** A payment waiting this long for the switch's answer, or whose outcome is unknown, is stuck. */
export const paymentStuckAfterMinutes = 5;

const outwardStatusSet = new Set<string>(paymentStatuses);
const inwardStatusSet = new Set<string>(inwardStatuses);

/**
 * `GET /api/staff/payments`: outward (the default) or inward, by rail and status, or only the stuck
 * ones; paged. A status or `stuck` of the other direction is refused rather than dropped: a list
 * that quietly ignored it would look filtered when it is not.
 */
export const staffPaymentListQuery = z
  .object({
    direction: z.enum(['out', 'in'], { error: 'direction must be out or in' }).default('out'),
    rail: z.enum(rails, { error: 'rail must be NPSB, BEFTN or RTGS' }).optional(),
    status: z.enum([...paymentStatuses, ...inwardStatuses], { error: 'status must be sending, accepted, settled, rejected, returned, credited or refused' }).optional(),
    stuck: z.enum(['true', 'false'], { error: 'stuck must be true or false' }).optional(),
    limit: listLimit(listPageSizeMax, 20),
    offset: listOffset(),
  })
  .superRefine((query, context) => {
    if (query.direction === 'out' && query.status !== undefined && inwardStatusSet.has(query.status)) {
      context.addIssue({ code: 'custom', path: ['status'], message: `status ${query.status} is an inward payment's: with direction=out, status must be ${paymentStatuses.join(', ')}` });
    }
    if (query.direction === 'in' && query.status !== undefined && outwardStatusSet.has(query.status)) {
      context.addIssue({ code: 'custom', path: ['status'], message: `status ${query.status} is an outward payment's: with direction=in, status must be ${inwardStatuses.join(' or ')}` });
    }
    if (query.direction === 'in' && query.stuck !== undefined) context.addIssue({ code: 'custom', path: ['stuck'], message: 'stuck applies to outward payments only (direction=out)' });
  });
export type StaffPaymentListQuery = z.input<typeof staffPaymentListQuery>;

const outboxAnswerSchema = z.object({ state: z.enum(['waiting', 'answered', 'unknown']), attempts: z.number(), nextAttemptAt: z.string() });

/** A payment the bank sent, as staff see it: its figures in BDT, where its outbox message stands, and whether it is stuck. */
export const outwardPaymentAnswerSchema = z.object({
  direction: z.literal('out'),
  id: z.string(),
  reference: z.string(),
  accountId: z.string(),
  rail: z.enum(rails),
  status: z.enum(paymentStatuses),
  reasonCode: z.string().nullable(),
  amount: z.number(),
  charge: z.number(),
  receiverParticipant: z.string(),
  receiverAccount: z.string(),
  receiverName: z.string(),
  messageId: z.string(),
  endToEndId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  outbox: outboxAnswerSchema.nullable(),
  stuck: z.boolean(),
});
export type OutwardPaymentAnswer = z.output<typeof outwardPaymentAnswerSchema>;

/** A payment another bank sent to one of ours, as its pacs.008 and the bank's answer say. */
export const inwardPaymentAnswerSchema = z.object({
  direction: z.literal('in'),
  messageId: z.string(),
  endToEndId: z.string(),
  rail: z.enum(rails),
  status: z.enum(inwardStatuses),
  amount: z.number(),
  fromParticipant: z.string(),
  fromAccount: z.string(),
  fromName: z.string(),
  toAccount: z.string(),
  receivedAt: z.string(),
});
export type InwardPaymentAnswer = z.output<typeof inwardPaymentAnswerSchema>;

export const staffPaymentAnswerSchema = z.discriminatedUnion('direction', [outwardPaymentAnswerSchema, inwardPaymentAnswerSchema]);
export type StaffPaymentAnswer = z.output<typeof staffPaymentAnswerSchema>;
export const staffPaymentListAnswerSchema = z.array(staffPaymentAnswerSchema);

export const paymentRepairActions = ['re_enquire', 'mark_returned'] as const;
export type PaymentRepairAction = (typeof paymentRepairActions)[number];

/** A repair asked for, and what became of it. */
export const paymentRepairAnswerSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  paymentReference: z.string(),
  action: z.enum(paymentRepairActions),
  reasonCode: z.string().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  requestedBy: z.string(),
  requestedByUserId: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PaymentRepairAnswer = z.output<typeof paymentRepairAnswerSchema>;
export const paymentRepairListAnswerSchema = z.array(paymentRepairAnswerSchema);

/** One payment with its history, every message exchanged about it (as sent and received) and its repairs. */
export const staffPaymentDetailAnswerSchema = z.object({
  payment: outwardPaymentAnswerSchema,
  events: z.array(z.object({ status: z.enum(paymentStatuses), reasonCode: z.string().nullable(), messageId: z.string().nullable(), at: z.string() })),
  messages: z.array(z.object({ direction: z.enum(['out', 'in']), messageType: z.string(), messageId: z.string(), xml: z.string(), at: z.string() })),
  repairs: z.array(paymentRepairAnswerSchema),
});
export type StaffPaymentDetailAnswer = z.output<typeof staffPaymentDetailAnswerSchema>;

export const staffPaymentParams = z.object({ id: z.uuid('Payment id is not valid') });
export const paymentRepairParams = z.object({ id: z.uuid('Repair id is not valid') });

/** ISO 20022's return reason codes staff may give when the switch confirmed a return by other means. */
export const returnReasonCodes = ['AC01', 'AC04', 'AC06', 'AM05', 'BE04', 'MD07', 'NARR'] as const;

/** `POST /api/staff/payments/:id/repairs`: what to do and why; a return names the switch's reason code. */
export const paymentRepairSchema = z
  .object({
    action: z.enum(paymentRepairActions, { error: 'action must be re_enquire or mark_returned' }),
    reasonCode: z.enum(returnReasonCodes, { error: `reasonCode must be one of ${returnReasonCodes.join(', ')}` }).optional(),
    reason: requiredText('Reason is required', decisionReasonLengthMax, paragraphs).transform(wellFormedText),
  })
  .superRefine((value, context) => {
    if (value.action === 'mark_returned' && value.reasonCode === undefined) context.addIssue({ code: 'custom', path: ['reasonCode'], message: 'A return needs the switch’s reason code' });
  });
export type PaymentRepairInput = z.input<typeof paymentRepairSchema>;

export const paymentRepairFiledAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type PaymentRepairFiledAnswer = z.output<typeof paymentRepairFiledAnswerSchema>;

export const paymentRepairDeclineBody = z.object({ reason: requiredText('Reason is required', decisionReasonLengthMax, paragraphs).optional() }).nullish();

/** `POST /api/staff/reconciliations`: today's Dhaka day when no period is given; at most 31 days. */
export const reconciliationRunSchema = z
  .object({ from: z.iso.datetime({ offset: true, error: 'from must be a date and time' }).optional(), to: z.iso.datetime({ offset: true, error: 'to must be a date and time' }).optional() })
  .nullish()
  .superRefine((value, context) => {
    if (!value || (value.from === undefined && value.to === undefined)) return;
    if (value.from === undefined || value.to === undefined) {
      context.addIssue({ code: 'custom', path: [value.from === undefined ? 'from' : 'to'], message: 'Give both ends of the period, or neither for today' });
      return;
    }
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days <= 0) context.addIssue({ code: 'custom', path: ['to'], message: 'The period must end after it starts' });
    else if (days > 31) context.addIssue({ code: 'custom', path: ['to'], message: 'A period is at most 31 days' });
  });

export const reconciliationBreakKinds = ['missing_in_bank', 'missing_in_switch', 'amount_differs', 'status_differs'] as const;

export const reconciliationBreakStates = ['open', 'carried', 'cleared', 'explained'] as const;

export const reconciliationBreakAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(reconciliationBreakKinds),
  direction: z.enum(['out', 'in']),
  messageId: z.string(),
  endToEndId: z.string().nullable(),
  paymentId: z.string().nullable(),
  switchAmount: z.number().nullable(),
  bankAmount: z.number().nullable(),
  switchSays: z.string().nullable(),
  bankSays: z.string().nullable(),
  state: z.enum(reconciliationBreakStates),
  /** The run that found the break first: open breaks are listed across runs. */
  runId: z.string(),
  explanation: z.string().nullable(),
  explainedBy: z.string().nullable(),
  explainedAt: z.string().nullable(),
});
export type ReconciliationBreakAnswer = z.output<typeof reconciliationBreakAnswerSchema>;

export const reconciliationRunAnswerSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  state: z.enum(['compared', 'failed']),
  failure: z.string().nullable(),
  switchItems: z.number(),
  bankItems: z.number(),
  matchedItems: z.number(),
  breakCount: z.number(),
  ranAt: z.string(),
});
export type ReconciliationRunAnswer = z.output<typeof reconciliationRunAnswerSchema>;

/** The latest runs, newest first, the breaks of the latest, and every break still open, oldest first, whichever run found it. */
export const reconciliationsAnswerSchema = z.object({
  runs: z.array(reconciliationRunAnswerSchema),
  latestBreaks: z.array(reconciliationBreakAnswerSchema),
  openBreaks: z.array(reconciliationBreakAnswerSchema),
});
export type ReconciliationsAnswer = z.output<typeof reconciliationsAnswerSchema>;

/** A run made now: the run and its breaks. */
export const reconciliationRanAnswerSchema = z.object({ run: reconciliationRunAnswerSchema, breaks: z.array(reconciliationBreakAnswerSchema) });
export type ReconciliationRanAnswer = z.output<typeof reconciliationRanAnswerSchema>;

/** `POST /api/staff/reconciliation-breaks/:id/explanation`: what staff found and did, in their words. */
export const reconciliationBreakParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Break id is not valid') });
export const breakExplanationSchema = z.object({
  explanation: requiredText('Say what you found and what was done about it', decisionReasonLengthMax, paragraphs).transform(wellFormedText),
});
export type BreakExplanationInput = z.input<typeof breakExplanationSchema>;
