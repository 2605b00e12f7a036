import { z } from 'zod';
import { isCalendarDay } from '../dates';
import { isWeekend } from '../payment-rails/rails-calendar';
import { bankEraYears, calendarDate } from './date-fields';
import { requiredText } from './fields';

/** A holiday's name is a few words ("Eid-ul-Fitr holiday", "শহীদ দিবস ও আন্তর্জাতিক মাতৃভাষা দিবস"). */
export const holidayNameLengthMax = 80;

export const weekendHolidayMessage = 'Holiday date is a Friday or Saturday: the weekend closes the rails already, so it needs no holiday';

/** A day of the bank's calendar, as a path names it: a real date in the bank's era. */
const holidayDay = () => calendarDate({ label: 'Holiday date', years: bankEraYears, example: '2026-12-16' });

/** What staff write for a holiday: both names and whether the date is still a prediction (a lunar holiday before the moon is sighted). */
export const holidayNamesSchema = z.object({
  nameEn: requiredText('English name is required', holidayNameLengthMax),
  nameBn: requiredText('Bangla name is required', holidayNameLengthMax),
  predicted: z.boolean({ error: 'predicted must be true or false' }).default(false),
});
export type HolidayNames = z.output<typeof holidayNamesSchema>;

/**
 * A new holiday: a real date that is not already closed by the weekend. A Friday or Saturday
 * would change nothing the rails do, and a staff member who typed one most likely meant another day.
 */
export const holidayInputSchema = holidayNamesSchema.extend({
  date: holidayDay().superRefine((value, context) => {
    if (isCalendarDay(value) && isWeekend(value)) context.addIssue({ code: 'custom', message: weekendHolidayMessage });
  }),
});
export type HolidayInput = z.output<typeof holidayInputSchema>;

export const holidayDateParams = z.object({ date: holidayDay() });

export const holidayYearQuery = z.object({
  year: z.coerce
    .number({ error: 'year must be a whole number' })
    .int('year must be a whole number')
    .min(bankEraYears.earliest, `year must be from ${bankEraYears.earliest} to ${bankEraYears.latest}`)
    .max(bankEraYears.latest, `year must be from ${bankEraYears.earliest} to ${bankEraYears.latest}`),
});

/** A holiday as anyone signed in reads it: the Dhaka date (YYYY-MM-DD) and its names in both languages. */
export const holidayAnswerSchema = z.object({ date: z.string(), nameEn: z.string(), nameBn: z.string(), predicted: z.boolean() });
export type HolidayAnswer = z.infer<typeof holidayAnswerSchema>;
