import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, dayOfMonthIn, daysInMonth } from './calendar-months';

describe('addMonths', () => {
  it.each<[string, number, string]>([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-31', 2, '2026-03-31'],
    ['2026-01-30', 1, '2026-02-28'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-11-15', 3, '2027-02-15'],
    ['2026-12-31', 12, '2027-12-31'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-05-10', 36, '2029-05-10'],
    ['2026-05-10', 0, '2026-05-10'],
    ['2026-03-31', -1, '2026-02-28'],
  ])('%s + %s months → %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });

  it.each<[string, number]>([
    ['2026-02-30', 1],
    ['2026-1-31', 1],
    ['2026-01-31', 1.5],
  ])('refuses %s + %s', (day, months) => {
    expect(() => addMonths(day, months)).toThrow(RangeError);
  });

  it('keeps the day of the month when the target month has it, and the last day otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 120 }), (year, month, dayOfMonth, months) => {
        const start = dayOfMonthIn(year, month, dayOfMonth);
        const result = addMonths(start, months);
        const [resultYear, resultMonth, resultDay] = result.split('-').map(Number) as [number, number, number];
        expect(resultYear * 12 + resultMonth - (year * 12 + month)).toBe(months);
        expect(resultDay).toBe(Math.min(Number(start.slice(8)), daysInMonth(resultYear, resultMonth)));
      }),
    );
  });
});

describe('dayOfMonthIn', () => {
  it.each<[number, number, number, string]>([
    [2026, 2, 30, '2026-02-28'],
    [2028, 2, 31, '2028-02-29'],
    [2026, 4, 31, '2026-04-30'],
    [2026, 4, 1, '2026-04-01'],
  ])('(%s, %s, %s) → %s', (year, month, day, expected) => {
    expect(dayOfMonthIn(year, month, day)).toBe(expected);
  });
  it.each<[number, number, number]>([
    [2026, 2, 0],
    [2026, 2, 32],
    [2026, 13, 1],
    [2026, 0, 1],
    [2026, 2, 1.5],
  ])('refuses (%s, %s, %s)', (year, month, day) => {
    expect(() => dayOfMonthIn(year, month, day)).toThrow(RangeError);
  });
});
