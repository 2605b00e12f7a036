import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dpsFirstMonth,
  dpsInstalmentAllowed,
  dpsMaturity,
  dpsMaturityDay,
  dpsMaturityValuePoisha,
  dpsPayout,
  dpsSchedule,
  dpsValueOfPaidPoisha,
  type DpsPlan,
  wholeMonthsBetween,
} from './savings-scheme';

const plan: DpsPlan = { instalmentPoisha: 1_000n * 100n, years: 1, firstMonth: '2026-01', dayOfMonth: 31, annualRateBasisPoints: 600n };

describe('dpsSchedule', () => {
  it('falls on the chosen day, or the last day of a shorter month', () => {
    expect(dpsSchedule(plan)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
    ]);
    expect(dpsMaturityDay(plan)).toBe('2027-01-31');
    expect(dpsSchedule({ ...plan, firstMonth: '2027-11', dayOfMonth: 29 }).slice(0, 4)).toEqual(['2027-11-29', '2027-12-29', '2028-01-29', '2028-02-29']);
  });

  it('has twelve instalments a year, one in each month, maturity a month after the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 2026, max: 2040 }), fc.integer({ min: 1, max: 12 }), (years, dayOfMonth, year, month) => {
        const chosen: DpsPlan = { ...plan, years, dayOfMonth, firstMonth: `${year}-${String(month).padStart(2, '0')}` };
        const schedule = dpsSchedule(chosen);
        expect(schedule).toHaveLength(years * 12);
        expect(new Set(schedule.map((day) => day.slice(0, 7))).size).toBe(years * 12);
        for (const day of schedule) expect(Number(day.slice(8)) <= dayOfMonth).toBe(true);
        expect(dpsMaturityDay(chosen) > (schedule.at(-1) ?? '')).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it.each<[string, Partial<DpsPlan>]>([
    ['an instalment of nothing', { instalmentPoisha: 0n }],
    ['no years', { years: 0 }],
    ['eleven years', { years: 11 }],
    ['a year and a half', { years: 1.5 }],
    ['a month that does not exist', { firstMonth: '2026-13' }],
    ['a day of the month 0', { dayOfMonth: 0 }],
    ['a day of the month 32', { dayOfMonth: 32 }],
    ['a negative rate', { annualRateBasisPoints: -1n }],
    ['a rate above 100 %', { annualRateBasisPoints: 10_001n }],
  ])('refuses %s', (_what, change) => {
    expect(() => dpsSchedule({ ...plan, ...change })).toThrow(RangeError);
  });

  it('accepts the edges: 1 and 10 years', () => {
    expect(dpsSchedule({ ...plan, years: 10 })).toHaveLength(120);
    expect(dpsSchedule({ ...plan, years: 1 })).toHaveLength(12);
  });
});

describe('dpsInstalmentAllowed', () => {
  it('takes an instalment within the product’s bounds, edges included, in whole multiples of 500 BDT', () => {
    const bounds = { instalmentPoishaMin: 100_000n, instalmentPoishaMax: 1_000_000n };
    expect([100_000n, 150_000n, 1_000_000n].every((instalment) => dpsInstalmentAllowed(instalment, bounds))).toBe(true);
    expect([50_000n, 1_050_000n, 125_000n, 0n].some((instalment) => dpsInstalmentAllowed(instalment, bounds))).toBe(false);
  });
});

describe('dpsMaturity', () => {
  it('follows the worked example: 1,000 BDT a month for a year at 6 % pays 12,357.52 BDT with a TIN', () => {
    expect(dpsMaturity(plan, true)).toEqual({
      maturityDay: '2027-01-31',
      instalments: 12,
      depositedPoisha: 1_200_000n,
      maturityValuePoisha: 1_239_724n,
      interestPoisha: 39_724n,
      ratePercent: 10n,
      taxPoisha: 3_972n,
      netPoisha: 35_752n,
      paidPoisha: 1_235_752n,
    });
  });

  it('matches the annuity formula in floating point to the poisha for every plan', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 50_000n, max: 2_500_000n }), fc.integer({ min: 1, max: 10 }), fc.bigInt({ min: 1n, max: 1_500n }), (instalment, years, rate) => {
        const months = years * 12;
        const monthly = Number(rate) / 120_000;
        const floating = (Number(instalment) * ((1 + monthly) ** months - 1) * (1 + monthly)) / monthly;
        expect(Math.abs(Number(dpsMaturityValuePoisha(instalment, months, rate)) - floating) < 1).toBe(true);
      }),
    );
  });

  it('pays back exactly the instalments at 0 %', () => {
    expect(dpsMaturity({ ...plan, annualRateBasisPoints: 0n, years: 10 }, false)).toMatchObject({ maturityValuePoisha: 12_000_000n, interestPoisha: 0n, paidPoisha: 12_000_000n });
  });

  it('is deposits + interest − tax, and earns more than simple interest on each instalment', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 50_000n, max: 2_500_000n }), fc.integer({ min: 1, max: 10 }), fc.bigInt({ min: 1n, max: 1_500n }), fc.boolean(), (instalment, years, rate, hasTin) => {
        const result = dpsMaturity({ ...plan, instalmentPoisha: instalment, years, annualRateBasisPoints: rate }, hasTin);
        expect(result.paidPoisha).toBe(result.depositedPoisha + result.interestPoisha - result.taxPoisha);
        const months = BigInt(years * 12);
        const simpleTimesTwelve = (instalment * rate * months * (months + 1n)) / 2n / 10_000n;
        expect(result.interestPoisha * 12n >= simpleTimesTwelve - 12n).toBe(true);
      }),
    );
  });
});

describe('interest on the instalments actually paid', () => {
  it('counts whole months and takes the first instalment in the opening month only while its day is ahead', () => {
    expect(wholeMonthsBetween('2026-01-05', '2026-03-04')).toBe(1);
    expect(wholeMonthsBetween('2026-01-05', '2026-03-05')).toBe(2);
    expect(wholeMonthsBetween('2026-03-05', '2026-01-05')).toBe(0);
    expect(dpsFirstMonth('2026-01-05', 5)).toBe('2026-01');
    expect(dpsFirstMonth('2026-01-06', 5)).toBe('2026-02');
    expect(dpsFirstMonth('2026-12-20', 10)).toBe('2027-01');
  });

  it('follows the worked example', () => {
    const paid = [
      { amountPoisha: 100_000n, dueDay: '2026-01-10', paidDay: '2026-01-10' },
      { amountPoisha: 100_000n, dueDay: '2026-02-10', paidDay: '2026-02-10' },
    ];
    expect(dpsValueOfPaidPoisha(paid, '2026-03-10', 600n)).toBe(201_502n);
  });

  it('pays exactly the maturity quoted when every instalment is paid on its day, for every plan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom(1, 2, 3, 5, 7, 10),
        fc.integer({ min: 1, max: 28 }),
        fc.bigInt({ min: 0n, max: 1_500n }),
        fc.integer({ min: 2026, max: 2040 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (steps, years, dayOfMonth, rate, year, month, hasTin) => {
          const chosen: DpsPlan = { instalmentPoisha: BigInt(steps) * 50_000n, years, dayOfMonth, annualRateBasisPoints: rate, firstMonth: `${year}-${String(month).padStart(2, '0')}` };
          const paid = dpsSchedule(chosen).map((day) => ({ amountPoisha: chosen.instalmentPoisha, dueDay: day, paidDay: day }));
          const quoted = dpsMaturity(chosen, hasTin);
          const payout = dpsPayout(paid, quoted.maturityDay, rate, hasTin);
          expect(payout.valuePoisha).toBe(quoted.maturityValuePoisha);
          expect(payout.paidPoisha).toBe(quoted.paidPoisha);
          expect(payout.taxPoisha).toBe(quoted.taxPoisha);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('earns less for an instalment paid late or missed, never less than what was paid in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 3 }), fc.bigInt({ min: 1n, max: 1_500n }), (late, daysLate, rate) => {
        const chosen: DpsPlan = { ...plan, dayOfMonth: 10, annualRateBasisPoints: rate };
        const onTime = dpsSchedule(chosen).map((day) => ({ amountPoisha: chosen.instalmentPoisha, dueDay: day, paidDay: day }));
        const maturityDay = dpsMaturityDay(chosen);
        const lateOne = onTime.map((instalment, index) => (index === late ? { ...instalment, paidDay: `${instalment.dueDay.slice(0, 8)}${String(10 + daysLate)}` } : instalment));
        const missed = onTime.filter((_instalment, index) => index !== late);
        const full = dpsValueOfPaidPoisha(onTime, maturityDay, rate);
        expect(dpsValueOfPaidPoisha(lateOne, maturityDay, rate) < full).toBe(true);
        expect(dpsValueOfPaidPoisha(missed, maturityDay, rate) >= chosen.instalmentPoisha * 11n).toBe(true);
        expect(dpsPayout(missed, maturityDay, 300n, false).paidPoisha < dpsPayout(missed, maturityDay, rate + 300n, false).paidPoisha).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
