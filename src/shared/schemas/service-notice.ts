import { z } from 'zod';
import { decisionReasonLengthMax } from '../constants';
import { requiredText, wellFormedText } from './fields';

/** A notice tells customers of planned maintenance or of an outage happening now. */
export const serviceNoticeKinds = ['maintenance', 'outage'] as const;
export type ServiceNoticeKind = (typeof serviceNoticeKinds)[number];

/** A banner is one or two sentences: long enough to say what, when and what to do instead. */
export const serviceNoticeTextLengthMax = 300;

/**
 * Bangladesh keeps UTC+6 all year (no daylight saving since 2009), so a Dhaka wall-clock time
 * converts to an instant with one fixed offset, the same in the browser and on the server.
 */
export const dhakaOffset = '+06:00';
const dhakaOffsetMs = 6 * 60 * 60 * 1000;

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `2026-11-24T22:00` in Dhaka → the instant; undefined for anything that is not a real time. */
export function dhakaToInstant(local: string): Date | undefined {
  const match = localPattern.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = '00'] = match.slice(1).map((part) => part ?? '00');
  const instant = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${dhakaOffset}`);
  if (Number.isNaN(instant.getTime())) return undefined;
  // `Date` rolls 2026-02-30 over to March: a real date reads back as itself.
  const back = new Date(instant.getTime() + dhakaOffsetMs).toISOString().slice(0, 10);
  return back === `${year}-${month}-${day}` ? instant : undefined;
}

/** The instant as a Dhaka wall-clock time for a `datetime-local` field: `2026-11-24T22:00`. */
export function instantToDhaka(instant: Date | string): string {
  return new Date(new Date(instant).getTime() + dhakaOffsetMs).toISOString().slice(0, 16);
}

const dhakaTime = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .refine((value) => dhakaToInstant(value) !== undefined, `${field} must be a date and time in Dhaka like 2026-11-24T22:00`);

/** What staff propose: both languages are required, the times are Dhaka wall-clock times, the end after the start. */
export const serviceNoticeInputSchema = z
  .object({
    kind: z.enum(serviceNoticeKinds, { error: 'kind must be maintenance or outage' }),
    // A lone surrogate pasted into a text is kept as U+FFFD: the audit trail's jsonb would refuse it.
    textEn: requiredText('English text is required', serviceNoticeTextLengthMax).transform(wellFormedText),
    textBn: requiredText('Bangla text is required', serviceNoticeTextLengthMax).transform(wellFormedText),
    startsAt: dhakaTime('Start time'),
    endsAt: dhakaTime('End time'),
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
