import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLoanTerms, monthlyInstalmentPoisha, repaymentSchedule } from './loan';

describe('computeLoanTerms', () => {
  it('charges 3, 5 and 7 percent for 12, 18 and 24 months', () => {
    expect(computeLoanTerms(10_000_000n, 12)).toEqual({ interestPercent: 3, interestPoisha: 300_000n, totalPoisha: 10_300_000n });
    expect(computeLoanTerms(10_000_000n, 18)).toEqual({ interestPercent: 5, interestPoisha: 500_000n, totalPoisha: 10_500_000n });
    expect(computeLoanTerms(10_000_000n, 24)).toEqual({ interestPercent: 7, interestPoisha: 700_000n, totalPoisha: 10_700_000n });
  });

  it('rounds interest half up to the poisha', () => {
    expect(computeLoanTerms(50n, 12).interestPoisha).toBe(2n); // 1.5 → 2
    expect(computeLoanTerms(49n, 12).interestPoisha).toBe(1n); // 1.47 → 1
    expect(computeLoanTerms(1n, 12).interestPoisha).toBe(0n);
  });

  it('refuses durations and amounts the bank does not offer', () => {
    expect(() => computeLoanTerms(100n, 6)).toThrow(RangeError);
    expect(() => computeLoanTerms(100n, 36)).toThrow(RangeError);
    expect(() => computeLoanTerms(0n, 12)).toThrow(RangeError);
    expect(() => computeLoanTerms(-5n, 24)).toThrow(RangeError);
  });
});

describe('repaymentSchedule', () => {
  it('splits 20,600.00 BDT over 12 months into instalments a poisha apart that add up exactly', () => {
    const schedule = repaymentSchedule(2_060_000n, 2_060_000n, 12);
    expect(schedule.map((instalment) => instalment.amountPoisha)).toEqual([...Array<bigint>(8).fill(171_667n), ...Array<bigint>(4).fill(171_666n)]);
    expect(schedule.every((instalment) => instalment.state === 'due')).toBe(true);
    expect(schedule[11]?.remainingAfterPoisha).toBe(0n);
    expect(schedule[0]?.remainingAfterPoisha).toBe(2_060_000n - 171_667n);
  });

  it('settles instalments in order with what has been repaid', () => {
    const schedule = repaymentSchedule(2_060_000n, 2_060_000n - 200_000n, 12);
    expect(schedule.slice(0, 3).map((instalment) => instalment.state)).toEqual(['paid', 'part-paid', 'due']);
    expect(repaymentSchedule(2_060_000n, 0n, 12).every((instalment) => instalment.state === 'paid')).toBe(true);
    expect(
      repaymentSchedule(2_060_000n, 2_060_000n - 171_667n, 12)
        .slice(0, 2)
        .map((instalment) => instalment.state),
    ).toEqual(['paid', 'due']);
  });

  it('always adds up to the total, with no two instalments more than a poisha apart', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.constantFrom(12, 18, 24), (totalPoisha, months) => {
        const amounts = repaymentSchedule(totalPoisha, totalPoisha, months).map((instalment) => instalment.amountPoisha);
        expect(amounts).toHaveLength(months);
        expect(amounts.reduce((sum, amount) => sum + amount, 0n)).toBe(totalPoisha);
        const largest = amounts.reduce((max, amount) => (amount > max ? amount : max));
        const smallest = amounts.reduce((min, amount) => (amount < min ? amount : min));
        expect(largest - smallest <= 1n).toBe(true);
      }),
    );
  });

  it('refuses a schedule that cannot exist', () => {
    expect(() => repaymentSchedule(0n, 0n, 12)).toThrow(RangeError);
    expect(() => repaymentSchedule(100n, 101n, 12)).toThrow(RangeError);
    expect(() => repaymentSchedule(100n, -1n, 12)).toThrow(RangeError);
    expect(() => repaymentSchedule(100n, 100n, 0)).toThrow(RangeError);
    expect(() => repaymentSchedule(100n, 100n, 1.5)).toThrow(RangeError);
  });
});

describe('monthlyInstalmentPoisha', () => {
  it('gives the monthly instalment of known loans, rounded up to the poisha', () => {
    // 20,000 BDT for 12 months at 3 %: 20,600.00 to repay, 1,716.67 a month.
    expect(monthlyInstalmentPoisha(computeLoanTerms(2_000_000n, 12).totalPoisha, 12)).toBe(171_667n);
    // 1,00,000 BDT for 12, 18 and 24 months: 1,03,000 / 12, 1,05,000 / 18, 1,07,000 / 24.
    expect(monthlyInstalmentPoisha(10_300_000n, 12)).toBe(858_334n);
    expect(monthlyInstalmentPoisha(10_500_000n, 18)).toBe(583_334n);
    expect(monthlyInstalmentPoisha(10_700_000n, 24)).toBe(445_834n);
    // 60,000 BDT for 24 months at 7 %: 64,200.00, exactly 2,675.00 a month.
    expect(monthlyInstalmentPoisha(6_420_000n, 24)).toBe(267_500n);
    expect(monthlyInstalmentPoisha(1n, 12)).toBe(1n);
  });

  it('is the first instalment of the schedule, and no instalment is larger', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.constantFrom(12, 18, 24), (totalPoisha, months) => {
        const emi = monthlyInstalmentPoisha(totalPoisha, months);
        const schedule = repaymentSchedule(totalPoisha, totalPoisha, months);
        expect(schedule[0]?.amountPoisha).toBe(emi);
        expect(schedule.every((instalment) => instalment.amountPoisha <= emi)).toBe(true);
      }),
    );
  });

  it('refuses a loan that cannot exist', () => {
    expect(() => monthlyInstalmentPoisha(0n, 12)).toThrow(RangeError);
    expect(() => monthlyInstalmentPoisha(100n, 0)).toThrow(RangeError);
  });
});
