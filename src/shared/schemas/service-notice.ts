import { z } from 'zod';
import { dhakaToInstant } from '../dates';
import { bankEraYears, dhakaDateTime } from './date-fields';
import { paragraphs, requiredText } from './fields';

/** A notice tells customers of planned maintenance or of an outage happening now. */
export const serviceNoticeKinds = ['maintenance', 'outage'] as const;
export type ServiceNoticeKind = (typeof serviceNoticeKinds)[number];

/** A banner is one or two sentences: long enough to say what, when and what to do instead. */
export const serviceNoticeTextLengthMax = 300;

/** What staff post: both languages are required, the times are Dhaka wall-clock times, the end after the start. */
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
