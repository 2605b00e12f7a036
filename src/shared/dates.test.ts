import { describe, expect, it } from 'vitest';
import { dhakaTimestamp, formatDate, formatDateTime } from './dates';

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
