import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../dates';
import { endsPostingPeriod } from './posting-period';

describe('endsPostingPeriod', () => {
  it.each<[string, boolean, boolean]>([
    ['2026-01-31', true, false],
    ['2026-01-30', false, false],
    ['2026-02-28', true, false],
    ['2028-02-28', false, false],
    ['2028-02-29', true, false],
    ['2026-06-29', false, false],
    ['2026-06-30', true, true],
    ['2026-07-01', false, false],
    ['2026-11-30', true, false],
    ['2026-12-31', true, true],
    ['2027-01-01', false, false],
  ])('%s ends a monthly period: %s, a half-yearly one: %s', (day, monthly, halfYearly) => {
    expect(endsPostingPeriod(day, 'monthly')).toBe(monthly);
    expect(endsPostingPeriod(day, 'half-yearly')).toBe(halfYearly);
  });

  it.each(['2026-02-30', '2026-13-01', '26-01-31', ''])('refuses %j', (day) => {
    expect(() => endsPostingPeriod(day, 'monthly')).toThrow(RangeError);
  });

  it('ends twelve monthly and two half-yearly periods in every year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2100 }), (year) => {
        let monthly = 0;
        let halfYearly = 0;
        for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addCalendarDays(day, 1)) {
          if (endsPostingPeriod(day, 'monthly')) monthly += 1;
          if (endsPostingPeriod(day, 'half-yearly')) halfYearly += 1;
        }
        expect([monthly, halfYearly]).toEqual([12, 2]);
      }),
      { numRuns: 20 },
    );
  });
});
