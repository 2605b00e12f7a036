import { toBanglaDigits } from './digits';
import type { Language } from './language';

/**
 * The one way dates are shown: day, month name, year, as Bangladeshi banks print them
 * ("22 Nov 2026", "২২ নভেম্বর ২০২৬"), on the calendar of Asia/Dhaka whatever the reader's
 * device is set to. Month names are written out here rather than taken from Intl, whose
 * English short names differ between engines ("Sep" or "Sept").
 */
const monthNames: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  bn: ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর', 'ডিসেম্বর'],
};

export const bankTimeZone = 'Asia/Dhaka';

const dhakaCalendarDay = new Intl.DateTimeFormat('en-CA', { timeZone: bankTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const dhakaClock = new Intl.DateTimeFormat('en-GB', { timeZone: bankTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const calendarDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day in Dhaka as YYYY-MM-DD; a date-only string (a birth date) is already one and stays as it is. */
export function dhakaDay(moment: Date | string): string {
  if (typeof moment === 'string' && calendarDayPattern.test(moment)) return moment;
  return dhakaCalendarDay.format(typeof moment === 'string' ? new Date(moment) : moment);
}

/** Months in the reader's language, January first: for a date input's month list. */
export function monthNamesIn(language: Language): readonly string[] {
  return monthNames[language];
}

function inLanguageDigits(text: string, language: Language): string {
  return language === 'bn' ? toBanglaDigits(text) : text;
}

/** 2026-11-22 (or an instant) → "22 Nov 2026" / "২২ নভেম্বর ২০২৬". */
export function formatDate(moment: Date | string, language: Language): string {
  const [, year = '', month = '1', day = '1'] = calendarDayPattern.exec(dhakaDay(moment)) ?? [];
  return inLanguageDigits(`${Number(day)} ${monthNames[language][Number(month) - 1] ?? ''} ${year}`, language);
}

/** An instant with its Dhaka time: "22 Nov 2026, 14:05" / "২২ নভেম্বর ২০২৬, ১৪:০৫". */
export function formatDateTime(moment: Date | string, language: Language): string {
  const instant = typeof moment === 'string' ? new Date(moment) : moment;
  return `${formatDate(instant, language)}, ${inLanguageDigits(dhakaClock.format(instant), language)}`;
}

const dhakaSeconds = new Intl.DateTimeFormat('en-GB', { timeZone: bankTimeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/**
 * An instant for files people open in a spreadsheet (CSV statements): Dhaka's wall-clock time with
 * its offset, "2026-11-22 14:05:09 +06:00", which spreadsheets read and people recognise, where a
 * UTC "…T08:05:09.000Z" would show the wrong hour to a customer in Bangladesh.
 */
export function dhakaTimestamp(moment: Date | string): string {
  const instant = typeof moment === 'string' ? new Date(moment) : moment;
  // Bangladesh keeps UTC+6 all year (no daylight saving since 2009).
  return `${dhakaDay(instant)} ${dhakaSeconds.format(instant)} +06:00`;
}

/** Whether YYYY-MM-DD names a day that exists (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!calendarDayPattern.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addCalendarDays(day: string, days: number): string {
  const moment = new Date(`${day}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/** How many days from one YYYY-MM-DD day to another: 0 for the same day, 1 for the next. */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The instant a Dhaka calendar day begins: "2026-11-22" → 2026-11-21T18:00:00Z. A statement "from
 * 22 Nov" starts here whatever the server's or the reader's clock is set to.
 */
export function dhakaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+06:00`);
}

/**
 * The instant the Dhaka calendar day of `moment` began: 2026-11-24T20:00Z (02:00 on the 25th in
 * Dhaka) → 2026-11-24T18:00Z. A day's transfer limit counts from here.
 */
export function dhakaDayStartOf(moment: Date): Date {
  // Bangladesh keeps UTC+6 all year (no daylight saving since 2009), so midnight is +06:00.
  return dhakaDayStart(dhakaDay(moment));
}

/**
 * Bangladesh keeps UTC+6 all year (no daylight saving since 2009), so a Dhaka wall-clock time
 * converts to an instant with one fixed offset, the same in the browser and on the server.
 */
export const dhakaOffset = '+06:00';
const dhakaOffsetMs = 6 * 60 * 60 * 1000;

const dhakaWallClockPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `2026-11-24T22:00` in Dhaka → the instant; undefined for anything that is not a real time. */
export function dhakaToInstant(local: string): Date | undefined {
  const match = dhakaWallClockPattern.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = '00'] = match.slice(1).map((part: string | undefined) => part ?? '00');
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
