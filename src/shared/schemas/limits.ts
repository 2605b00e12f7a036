import { z } from 'zod';
import { accountTypeSlugs, decisionReasonLengthMax } from '../constants';
import { amountErrorMessages, parseAmountToPoisha } from '../money';
import { accountNumber } from './banking';
import { decisionReason, paragraphs, requiredText, wellFormedText } from './fields';

/** One side of a proposed limit: an amount in BDT, or nothing (blank) to leave that limit as it is. */
function optionalLimit(label: string) {
  return z
    .unknown()
    .transform((value, context): bigint | undefined => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
      const parsed = parseAmountToPoisha(value);
      if (!parsed.ok) {
        context.addIssue({ code: 'custom', message: `${label} ${amountErrorMessages[parsed.reason]}` });
        return z.NEVER;
      }
      return parsed.poisha;
    })
    .optional();
}

export const perTransferLimitOverDailyMessage = 'Per-transfer limit must not exceed the per-day limit';
export const limitProposalEmptyMessage = 'Give a new per-transfer limit, a new per-day limit or both';

/**
 * A staff member's proposal to change one account type's transfer limits. Either limit may be
 * left blank to keep it; given both, the per-transfer limit may not exceed the per-day one (the
 * server checks the pair again against the limit left as it is).
 */
export const transferLimitProposalSchema = z
  .object({
    accountType: z.enum(accountTypeSlugs, { error: 'Please select the Account Type' }),
    perTransfer: optionalLimit('Per-transfer limit'),
    perDay: optionalLimit('Per-day limit'),
    reason: requiredText('Reason is required', decisionReasonLengthMax, paragraphs).transform(wellFormedText),
  })
  .superRefine((value, context) => {
    if (value.perTransfer === undefined && value.perDay === undefined) {
      context.addIssue({ code: 'custom', path: ['perTransfer'], message: limitProposalEmptyMessage });
    } else if (value.perTransfer !== undefined && value.perDay !== undefined && value.perTransfer > value.perDay) {
      context.addIssue({ code: 'custom', path: ['perTransfer'], message: perTransferLimitOverDailyMessage });
    }
  });
export type TransferLimitProposalInput = z.input<typeof transferLimitProposalSchema>;

/** A proposal made: `insertedId` is the proposal's id, for another member of staff to decide. */
export const limitProposedAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type LimitProposedAnswer = z.output<typeof limitProposedAnswerSchema>;

export const limitProposalIdParams = z.object({ id: z.uuid('Proposal id is not valid') });
export const limitDeclineBody = z.object({ reason: decisionReason() }).nullish();
export const ownAccountLimitParams = z.object({ id: accountNumber() });

/** One account type's limits, in BDT. */
export const transferLimitAnswerSchema = z.object({
  accountType: z.enum(accountTypeSlugs),
  perTransfer: z.number(),
  perDay: z.number(),
  /** Null while the type has the bank's default limits. */
  updatedAt: z.string().nullable(),
});
export type TransferLimitAnswer = z.infer<typeof transferLimitAnswerSchema>;

export const limitProposalAnswerSchema = z.object({
  _id: z.string(),
  accountType: z.enum(accountTypeSlugs),
  /** Null: this limit stays as it is. */
  perTransfer: z.number().nullable(),
  perDay: z.number().nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  proposedBy: z.string(),
  proposedByUserId: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type LimitProposalAnswer = z.infer<typeof limitProposalAnswerSchema>;

/** What the customer may still send from one account today, for the transfer page. */
export const accountLimitAnswerSchema = z.object({
  accountId: z.string(),
  accountType: z.enum(accountTypeSlugs),
  perTransfer: z.number(),
  perDay: z.number(),
  sentToday: z.number(),
  leftToday: z.number(),
  /** The largest next transfer the limits allow: the smaller of the per-transfer limit and what is left today. */
  largestTransfer: z.number(),
});
export type AccountLimitAnswer = z.infer<typeof accountLimitAnswerSchema>;
