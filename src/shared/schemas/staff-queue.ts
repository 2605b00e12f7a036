import { z } from 'zod';
import { bulkApprovalItemsMax } from '../constants';

/**
 * The kinds of request that wait for staff in the dashboard's queue and that may be approved
 * several at once: each is made by a customer and checked by a member of staff. Changes staff
 * propose to each other (a transfer limit, a service notice) need a fresh code for every
 * approval, so they are approved one at a time.
 */
export const queueKinds = ['account', 'card', 'loan', 'deposit'] as const;
export type QueueKind = (typeof queueKinds)[number];

/** How many requests of each kind wait for a decision: one figure per tab of the dashboard. */
export const pendingCountsSchema = z.object({ account: z.number().int(), card: z.number().int(), loan: z.number().int(), deposit: z.number().int() });
export type PendingCounts = z.infer<typeof pendingCountsSchema>;

const accountNumberPattern = /^\d{13}$/;
const requestIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idsMessage = `ids must list 1 to ${bulkApprovalItemsMax} requests`;

/**
 * Approving several requests of one kind at once: the account numbers (13 digits) of account
 * requests, or the ids of card, loan or deposit requests. Each id is named once.
 */
export const bulkApprovalSchema = z
  .object({
    kind: z.enum(queueKinds, { error: `kind must be ${queueKinds.join(', ')}` }),
    ids: z
      .array(z.string({ error: 'ids must be a list of request ids' }), { error: 'ids must be a list of request ids' })
      .min(1, idsMessage)
      .max(bulkApprovalItemsMax, idsMessage),
  })
  .superRefine((body, context) => {
    const pattern = body.kind === 'account' ? accountNumberPattern : requestIdPattern;
    const expected = body.kind === 'account' ? 'an account number of 13 digits' : 'a request id';
    const seen = new Set<string>();
    body.ids.forEach((id, index) => {
      if (!pattern.test(id)) context.addIssue({ code: 'custom', path: ['ids', index], message: `ids[${index}] must be ${expected}` });
      else if (seen.has(id.toLowerCase())) context.addIssue({ code: 'custom', path: ['ids', index], message: `ids[${index}] names a request already in the list` });
      seen.add(id.toLowerCase());
    });
  });
export type BulkApproval = z.infer<typeof bulkApprovalSchema>;

/** What happened to one request of the batch: approved, or refused with the reason one approval alone would have been given. */
export const bulkApprovalItemSchema = z.discriminatedUnion('outcome', [
  z.object({ id: z.string(), outcome: z.literal('approved') }),
  z.object({ id: z.string(), outcome: z.literal('refused'), code: z.string(), message: z.string() }),
]);
export type BulkApprovalItem = z.infer<typeof bulkApprovalItemSchema>;

/** The answer, one entry per request in the order asked. */
export const bulkApprovalAnswerSchema = z.object({ results: z.array(bulkApprovalItemSchema) });
export type BulkApprovalAnswer = z.infer<typeof bulkApprovalAnswerSchema>;

/**
 * The answer to a staff decision or change of one record, as the first product's approvals
 * answered (`docs/wire-names.md`): a card, loan or deposit approved, a limit or notice proposal
 * decided, a loan type's income floor set.
 */
export const decidedAnswerSchema = z.object({ acknowledged: z.literal(true), modifiedCount: z.number() });
export type DecidedAnswer = z.output<typeof decidedAnswerSchema>;
