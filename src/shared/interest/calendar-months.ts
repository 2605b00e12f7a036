import { isCalendarDay } from '../dates';

/**
 * Month arithmetic on Dhaka calendar days (YYYY-MM-DD), as deposit terms count it: the same day of
 * the month `months` later, or the month's last day when it has no such day. 31 Jan + 1 month is
 * the last day of February (28 Feb, or 29 Feb in a leap year); 31 Jan + 2 months is 31 Mar, since
 * each date is counted from the first, never from the one before it.
 */
export function addMonths(day: string, months: number): string {
  if (!isCalendarDay(day)) throw new RangeError(`not a calendar day: ${day}`);
  if (!Number.isInteger(months)) throw new RangeError('months are whole');
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + months;
  return dayOfMonthIn(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, dayOfMonth);
}

/** How many days a month has: daysInMonth(2028, 2) → 29. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The chosen day of a month, or the month's last day when the month is shorter: (2026, 2, 30) → "2026-02-28". */
export function dayOfMonthIn(year: number, month: number, dayOfMonth: number): string {
  if (!Number.isInteger(dayOfMonth) || dayOfMonth < 1 || dayOfMonth > 31) throw new RangeError('a day of the month lies between 1 and 31');
  if (!Number.isInteger(year) || year < 1 || year > 9999 || !Number.isInteger(month) || month < 1 || month > 12) throw new RangeError('not a month');
  const day = Math.min(dayOfMonth, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
