import { z } from 'zod';
import { dhakaToInstant, isCalendarDay } from '../dates';

/**
 * The years a date field takes, both included. JavaScript reads years from -271821 to 275760 and
 * a year 0; PostgreSQL has no year 0 and refuses what JavaScript accepted, so a date the range
 * does not bound could reach the database and fail the request. Each field takes the years that
 * can mean something for it, and anything else is a 400 naming the field.
 */
export type YearRange = { earliest: number; latest: number };

/** A person's birth date: nobody who opens an account was born before 1900. */
export const birthDateYears: YearRange = { earliest: 1900, latest: 2100 };
/**
 * The bank's own era: statement ranges and service notice times. Nothing the bank recorded is
 * older than 2000, and nothing it plans is later than 2100.
 */
export const bankEraYears: YearRange = { earliest: 2000, latest: 2100 };

export type DateFieldOptions = {
  /** How the messages name the field: "From date", "Birth date". */
  label: string;
  years: YearRange;
  /** The message for a missing or blank value; "<label> is required" when not given. */
  requiredMessage?: string;
  /** A valid value in the field's format, shown in the message for a value of another shape. */
  example: string;
};

const calendarDayShape = /^\d{4}-\d{2}-\d{2}$/;
const dhakaWallClockShape = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

const yearOf = (value: string) => Number(value.slice(0, 4));

/**
 * A date field's one check, reporting at most one issue: the shape, then a real date (not
 * 2026-02-30), then the years. Written as one refinement so that "2026-02-30" is told it is not a
 * real date, not also that it is out of range.
 */
function dateCheck(options: DateFieldOptions, shape: RegExp, isReal: (value: string) => boolean, shapeMessage: string) {
  const { label, years } = options;
  return (value: string, context: z.RefinementCtx) => {
    if (value === '') return;
    if (!shape.test(value)) context.addIssue({ code: 'custom', message: shapeMessage });
    else if (!isReal(value)) context.addIssue({ code: 'custom', message: `${label} is not a real date` });
    else if (yearOf(value) < years.earliest || yearOf(value) > years.latest) {
      context.addIssue({ code: 'custom', message: `${label} must be in the years ${years.earliest} to ${years.latest}` });
    }
  };
}

/**
 * The one way a calendar day (YYYY-MM-DD, no time, no offset) is taken from a request: a real day
 * within `years`, kept as the string it was. Every date field of the API is built here or by
 * `dhakaDateTime`.
 */
export function calendarDate(options: DateFieldOptions) {
  const requiredMessage = options.requiredMessage ?? `${options.label} is required`;
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .superRefine(dateCheck(options, calendarDayShape, isCalendarDay, `${options.label} must be a date like ${options.example}`));
}

/**
 * A wall-clock time in Dhaka (YYYY-MM-DDTHH:MM, seconds optional, no offset: the form's
 * `datetime-local`), a real moment within `years`, kept as the string it was; `dhakaToInstant`
 * turns it into the instant.
 */
export function dhakaDateTime(options: DateFieldOptions) {
  const requiredMessage = options.requiredMessage ?? `${options.label} is required`;
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .superRefine(dateCheck(options, dhakaWallClockShape, (value) => dhakaToInstant(value) !== undefined, `${options.label} must be a date and time in Dhaka like ${options.example}`));
}
