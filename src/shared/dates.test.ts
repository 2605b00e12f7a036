import { describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDaysBetween, dhakaDayStart, dhakaTimestamp, formatDate, formatDateTime, isCalendarDay } from './dates';

describe('formatDate', () => {
  it('shows a calendar day in English and in Bangla', () => {
    expect(formatDate('2026-11-22', 'en')).toBe('22 Nov 2026');
    expect(formatDate('2026-11-22', 'bn')).toBe('২২ নভেম্বর ২০২৬');
    expect(formatDate('1995-09-05', 'en')).toBe('5 Sep 1995');
  });

  it('reads an instant on the Dhaka calendar, six hours ahead of UTC', () => {
    expect(formatDate('2026-11-21T18:30:00Z', 'en')).toBe('22 Nov 2026');
    expect(formatDate(new Date('2026-11-21T17:59:00Z'), 'en')).toBe('21 Nov 2026');
  });

  it('adds the Dhaka time of day', () => {
    expect(formatDateTime('2026-11-22T08:05:00Z', 'en')).toBe('22 Nov 2026, 14:05');
    expect(formatDateTime('2026-11-22T08:05:00Z', 'bn')).toBe('২২ নভেম্বর ২০২৬, ১৪:০৫');
  });
});

describe('dhakaTimestamp', () => {
  it('writes the Dhaka wall-clock time with its offset, across midnight UTC', () => {
    expect(dhakaTimestamp('2026-11-22T08:05:09.000Z')).toBe('2026-11-22 14:05:09 +06:00');
    expect(dhakaTimestamp(new Date('2026-12-31T19:30:00Z'))).toBe('2027-01-01 01:30:00 +06:00');
  });
});

describe('calendar days', () => {
  it('knows real days, counts and steps across months, years and leap days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-11-1')).toBe(false);
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(calendarDaysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(calendarDaysBetween('2026-11-24', '2026-11-24')).toBe(0);
  });

  it('starts a day at midnight in Dhaka, six hours before midnight UTC', () => {
    expect(dhakaDayStart('2026-11-22').toISOString()).toBe('2026-11-21T18:00:00.000Z');
  });
});
