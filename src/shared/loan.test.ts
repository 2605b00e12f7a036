import { describe, expect, it } from 'vitest';
import { computeLoanTerms } from './loan';

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
