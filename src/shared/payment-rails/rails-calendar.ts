import { addCalendarDays, dhakaDay, dhakaDayStart } from '../dates';

/**
 * The interbank rails' calendar as Bangladesh Bank sets it, read alike by the bank (to tell a
 * customer when money arrives) and by the clearing house (to settle it). Each side brings its own
 * list of public holidays: the bank's is the one its staff maintain, the switch's its own.
 */

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

const minuteMs = 60_000;

/** Minutes after Dhaka midnight. */
export function dhakaMinuteOfDay(at: Date): number {
  return Math.floor((at.getTime() - dhakaDayStart(dhakaDay(at)).getTime()) / minuteMs);
}

/** The instant at which a Dhaka date's given minute begins. */
export function dhakaInstant(date: string, minuteOfDay: number): Date {
  return new Date(dhakaDayStart(date).getTime() + minuteOfDay * minuteMs);
}

export type RtgsWindowCheck = { open: true } | { open: false; reason: 'non_working_day' | 'outside_hours' };
export type BeftnSession = { id: string; date: string; number: 1 | 2 | 3; opensAt: Date; closesAt: Date };

/** Whether a Dhaka date (YYYY-MM-DD) is a public holiday, by one side's calendar. */
export type HolidayCalendar = (date: string) => boolean;

/** Friday and Saturday are Bangladesh's weekend: every rail but NPSB is closed, whatever the holiday calendar says. */
export function isWeekend(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 5 || weekday === 6;
}

/** The rails' calendar over one side's public holidays. */
export function railsCalendar(isPublicHoliday: HolidayCalendar) {
  const isWorkingDay = (date: string): boolean => !isWeekend(date) && !isPublicHoliday(date);

  const nextWorkingDay = (date: string): string => {
    let day = addCalendarDays(date, 1);
    while (!isWorkingDay(day)) day = addCalendarDays(day, 1);
    return day;
  };

  const session = (date: string, number: 1 | 2 | 3): BeftnSession => {
    const hours = beftnSessions[number - 1]!;
    return { id: `${date}/${number}`, date, number, opensAt: dhakaInstant(date, hours.startMinute), closesAt: dhakaInstant(date, hours.endMinute) };
  };

  const nextBeftnSession = (current: BeftnSession): BeftnSession => (current.number < 3 ? session(current.date, (current.number + 1) as 2 | 3) : session(nextWorkingDay(current.date), 1));

  return {
    isWorkingDay,
    nextWorkingDay,

    rtgsWindow(at: Date): RtgsWindowCheck {
      if (!isWorkingDay(dhakaDay(at))) return { open: false, reason: 'non_working_day' };
      const minute = dhakaMinuteOfDay(at);
      if (minute < rtgsOpensMinute || minute >= rtgsClosesMinute) return { open: false, reason: 'outside_hours' };
      return { open: true };
    },

    /** When the RTGS window next opens at or after `at` (`at` itself when it is open). */
    rtgsNextOpening(at: Date): Date {
      const date = dhakaDay(at);
      if (isWorkingDay(date) && dhakaMinuteOfDay(at) < rtgsClosesMinute) return dhakaMinuteOfDay(at) < rtgsOpensMinute ? dhakaInstant(date, rtgsOpensMinute) : at;
      return dhakaInstant(nextWorkingDay(date), rtgsOpensMinute);
    },

    /**
     * The session a payment received at `at` goes into: the one open now on a working day, else the
     * first session of the next working day (BEFTN exchanges nothing on a weekend or a holiday).
     */
    beftnSessionFor(at: Date): BeftnSession {
      const date = dhakaDay(at);
      if (!isWorkingDay(date)) return session(nextWorkingDay(date), 1);
      const minute = dhakaMinuteOfDay(at);
      const current = beftnSessions.find((candidate) => minute >= candidate.startMinute && minute < candidate.endMinute)!;
      return session(date, current.number);
    },

    beftnSessionById(id: string): BeftnSession {
      const match = /^(\d{4}-\d{2}-\d{2})\/([123])$/.exec(id);
      if (!match) throw new Error(`Not a BEFTN session id: ${id}`);
      return session(match[1]!, Number(match[2]) as 1 | 2 | 3);
    },

    nextBeftnSession,

    /** The last instant a return of a payment settled in `settledIn` is accepted (exclusive). */
    beftnReturnDeadline(settledIn: BeftnSession): Date {
      let last = settledIn;
      for (let step = 0; step < beftnReturnSessions; step += 1) last = nextBeftnSession(last);
      return last.closesAt;
    },
  };
}

export type RailsCalendar = ReturnType<typeof railsCalendar>;
