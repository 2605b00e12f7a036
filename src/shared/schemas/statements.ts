import { z } from 'zod';
import { statementPageSizeMax, statementRangeDaysMax } from '../constants';
import { calendarDaysBetween, dhakaDay, isCalendarDay } from '../dates';
import { bankEraYears, calendarDate } from './date-fields';
import { listLimit } from './fields';
import { languages } from '../language';
import { statementLineSchema } from './banking-answers';

const rangeFields = {
  from: calendarDate({ label: 'From date', years: bankEraYears, example: '2026-11-01' }),
  to: calendarDate({ label: 'To date', years: bankEraYears, example: '2026-11-01' }),
};
type RangeInput = { from: string; to: string };

/**
 * The rules of a statement's range, on Dhaka calendar days, both ends included: nothing in the
 * future (the journal has nothing there, and "today" is Dhaka's today wherever the reader is),
 * `to` not before `from`, and at most `statementRangeDaysMax` days. Each message names its field.
 */
function checkRange(range: RangeInput, context: z.RefinementCtx): void {
  const today = dhakaDay(new Date());
  if (!isCalendarDay(range.from) || !isCalendarDay(range.to)) return;
  if (range.from > today) context.addIssue({ code: 'custom', path: ['from'], message: 'From date cannot be in the future' });
  if (range.to > today) context.addIssue({ code: 'custom', path: ['to'], message: 'To date cannot be in the future' });
  else if (range.to < range.from) context.addIssue({ code: 'custom', path: ['to'], message: 'To date must be on or after the From date' });
  else if (calendarDaysBetween(range.from, range.to) + 1 > statementRangeDaysMax) {
    context.addIssue({ code: 'custom', path: ['to'], message: `A statement covers at most ${statementRangeDaysMax} days: choose a shorter range` });
  }
}

/** The range as the web form and every statement download take it. */
export const statementRangeSchema = z.object(rangeFields).superRefine(checkRange);
export type StatementRange = z.output<typeof statementRangeSchema>;

/**
 * The language a downloaded document (CSV, PDF, receipt) is written in: the one the reader has on
 * screen, which the web app sends; without it, the one the signed-in user chose.
 */
export const documentLanguageSchema = z.object({ language: z.enum(languages, { error: `Language must be ${languages.join(' or ')}` }).optional() });

/** A statement download: the range and the document's language. */
export const statementFileSchema = z.object({ ...rangeFields, ...documentLanguageSchema.shape }).superRefine(checkRange);

export const statementRangePageSizeDefault = 50;

/** One page of the range: `after` continues past the last line of the page before. */
export const statementRangePageSchema = z
  .object({
    ...rangeFields,
    limit: listLimit(statementPageSizeMax, statementRangePageSizeDefault),
    after: z
      .string()
      .regex(/^\d{1,18}$/, 'after must be a statement line id')
      .optional(),
  })
  .superRefine(checkRange);

/**
 * A statement for a range, oldest line first as a printed statement reads. The balances and
 * totals cover the whole range whichever page this is: opening + totalIn − totalOut = closing.
 */
export const statementRangeAnswerSchema = z.object({
  accountId: z.string(),
  from: z.string(),
  to: z.string(),
  openingBalance: z.number(),
  closingBalance: z.number(),
  totalIn: z.number(),
  totalOut: z.number(),
  lineCount: z.number(),
  lines: z.array(statementLineSchema),
  nextAfter: z.string().nullable(),
});
export type StatementRangeAnswer = z.infer<typeof statementRangeAnswerSchema>;

/** A transfer's journal entry id, as receipts are asked for. */
export const receiptParamsSchema = z.object({ entryId: z.uuid('Receipt reference must be a transfer reference') });
