import { z } from 'zod';
import { dhakaToInstant } from '../dates';
import { decisionReasonLengthMax } from '../constants';
import { bankEraYears, dhakaDateTime } from './date-fields';
import { paragraphs, requiredText, wellFormedText } from './fields';

/** A notice tells customers of planned maintenance or of an outage happening now. */
export const serviceNoticeKinds = ['maintenance', 'outage'] as const;
export type ServiceNoticeKind = (typeof serviceNoticeKinds)[number];

/** A banner is one or two sentences: long enough to say what, when and what to do instead. */
export const serviceNoticeTextLengthMax = 300;

/** What staff propose: both languages are required, the times are Dhaka wall-clock times, the end after the start. */
export const serviceNoticeInputSchema = z
  .object({
    kind: z.enum(serviceNoticeKinds, { error: 'kind must be maintenance or outage' }),
    textEn: requiredText('English text is required', serviceNoticeTextLengthMax, paragraphs),
    textBn: requiredText('Bangla text is required', serviceNoticeTextLengthMax, paragraphs),
    startsAt: dhakaDateTime({ label: 'Start time', years: bankEraYears, example: '2026-11-24T22:00' }),
    endsAt: dhakaDateTime({ label: 'End time', years: bankEraYears, example: '2026-11-24T22:00' }),
  })
  .superRefine((value, context) => {
    const starts = dhakaToInstant(value.startsAt);
    const ends = dhakaToInstant(value.endsAt);
    if (starts && ends && ends <= starts) context.addIssue({ code: 'custom', path: ['endsAt'], message: 'End time must be after the start time' });
  });
export type ServiceNoticeInput = z.output<typeof serviceNoticeInputSchema>;

/** A notice as the banner and the staff page read it; times are ISO instants. */
export const serviceNoticeAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(serviceNoticeKinds),
  textEn: z.string(),
  textBn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  endedEarly: z.boolean(),
});
export type ServiceNoticeAnswer = z.infer<typeof serviceNoticeAnswerSchema>;

/** Where a proposed notice stands: waiting for a second member of staff, published by one, or declined. */
export const noticeProposalStatuses = ['pending', 'approved', 'declined'] as const;
export type NoticeProposalStatus = (typeof noticeProposalStatuses)[number];

/** A notice proposed: `insertedId` is the proposal's id, for another member of staff to decide. */
export const noticeProposedAnswerSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type NoticeProposedAnswer = z.output<typeof noticeProposedAnswerSchema>;

export const noticeProposalIdParams = z.object({ id: z.uuid('Proposal id is not valid') });

/**
 * Declining a proposed notice says why, in the decliner's words: the proposer reads it beside
 * the proposal and can propose it again corrected.
 */
export const noticeDeclineBodySchema = z.object({ reason: requiredText('Reason is required', decisionReasonLengthMax).transform(wellFormedText) });
export type NoticeDeclineBody = z.input<typeof noticeDeclineBodySchema>;

/** A proposed notice as the staff page lists it, with who proposed and who decided it. */
export const noticeProposalAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(serviceNoticeKinds),
  textEn: z.string(),
  textBn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(noticeProposalStatuses),
  proposedBy: z.string(),
  proposedByUserId: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The decliner's words; null unless declined. */
  declinedReason: z.string().nullable(),
});
export type NoticeProposalAnswer = z.infer<typeof noticeProposalAnswerSchema>;
