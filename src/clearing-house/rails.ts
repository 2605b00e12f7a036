import { isPublicHoliday } from './holidays';

/**
 * The rails' calendar as Bangladesh Bank's switch applies it. Dhaka keeps UTC+6 all year (no
 * daylight saving since 2009), so a fixed offset is exact and needs no time-zone database.
 */

const dhakaOffsetMs = 6 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** RTGS takes customer payments of at least 1,00,000 BDT (in poisha). */
export const rtgsMinimumPoisha = 100_000n * 100n;
/** RTGS customer window, Dhaka time, in minutes after midnight: 10:00 up to (not including) 17:00. */
export const rtgsOpensMinute = 10 * 60;
export const rtgsClosesMinute = 17 * 60;

/** BEFTN's three sessions a day, Dhaka time, as [first minute, first minute after the session). */
export const beftnSessions: readonly { number: 1 | 2 | 3; startMinute: number; endMinute: number }[] = [
  { number: 1, startMinute: 0, endMinute: 12 * 60 },
  { number: 2, startMinute: 12 * 60, endMinute: 15 * 60 },
  { number: 3, startMinute: 15 * 60, endMinute: 24 * 60 },
];
/** A BEFTN return may arrive until the end of the second session after the one that settled it. */
export const beftnReturnSessions = 2;

/** The Dhaka calendar date of an instant, as `YYYY-MM-DD`. */
export function dhakaDate(at: Date): string {
  return new Date(at.getTime() + dhakaOffsetMs).toISOString().slice(0, 10);
}

/** Minutes after Dhaka midnight. */
export function dhakaMinuteOfDay(at: Date): number {
  const local = new Date(at.getTime() + dhakaOffsetMs);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The instant at which a Dhaka date's given minute begins. */
export function dhakaInstant(date: string, minuteOfDay: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - dhakaOffsetMs + minuteOfDay * 60_000);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Friday and Saturday are Bangladesh's weekend; public holidays come from the calendar. */
export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 5 && weekday !== 6 && !isPublicHoliday(date);
}

export function nextWorkingDay(date: string): string {
  let day = addDays(date, 1);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

export type RtgsWindowCheck = { open: true } | { open: false; reason: 'non_working_day' | 'outside_hours' };

export function rtgsWindow(at: Date): RtgsWindowCheck {
  if (!isWorkingDay(dhakaDate(at))) return { open: false, reason: 'non_working_day' };
  const minute = dhakaMinuteOfDay(at);
  if (minute < rtgsOpensMinute || minute >= rtgsClosesMinute) return { open: false, reason: 'outside_hours' };
  return { open: true };
}

export type BeftnSession = { id: string; date: string; number: 1 | 2 | 3; opensAt: Date; closesAt: Date };

function session(date: string, number: 1 | 2 | 3): BeftnSession {
  const hours = beftnSessions[number - 1]!;
  return { id: `${date}/${number}`, date, number, opensAt: dhakaInstant(date, hours.startMinute), closesAt: dhakaInstant(date, hours.endMinute) };
}

/**
 * The session a payment received at `at` goes into: the one open now on a working day, else the
 * first session of the next working day (BEFTN exchanges nothing on a weekend or a holiday).
 */
export function beftnSessionFor(at: Date): BeftnSession {
  const date = dhakaDate(at);
  if (!isWorkingDay(date)) return session(nextWorkingDay(date), 1);
  const minute = dhakaMinuteOfDay(at);
  const current = beftnSessions.find((candidate) => minute >= candidate.startMinute && minute < candidate.endMinute)!;
  return session(date, current.number);
}

export function beftnSessionById(id: string): BeftnSession {
  const match = /^(\d{4}-\d{2}-\d{2})\/([123])$/.exec(id);
  if (!match) throw new Error(`Not a BEFTN session id: ${id}`);
  return session(match[1]!, Number(match[2]) as 1 | 2 | 3);
}

export function nextBeftnSession(current: BeftnSession): BeftnSession {
  if (current.number < 3) return session(current.date, (current.number + 1) as 2 | 3);
  return session(nextWorkingDay(current.date), 1);
}

/** The last instant a return of a payment settled in `settledIn` is accepted (exclusive). */
export function beftnReturnDeadline(settledIn: BeftnSession): Date {
  let last = settledIn;
  for (let step = 0; step < beftnReturnSessions; step += 1) last = nextBeftnSession(last);
  return last.closesAt;
}
