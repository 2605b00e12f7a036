import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exciseDutyPoisha, highestBalancePoisha } from './excise-duty';

/** "3,00,000.01" → poisha. */
const poisha = (bdt: string) => {
  const [whole = '0', fraction = ''] = bdt.replace(/,/g, '').split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};
const duty = (bdt: string) => BigInt(bdt.replace(/,/g, '')) * 100n;

describe('exciseDutyPoisha, the table from 2025-07-01', () => {
  const levyDay = '2026-12-31';
  it.each<[string, string]>([
    ['0', '0'],
    ['0.01', '0'],
    ['1,00,000.01', '0'],
    ['3,00,000', '0'],
    ['3,00,000.01', '150'],
    ['5,00,000', '150'],
    ['5,00,000.01', '500'],
    ['10,00,000', '500'],
    ['10,00,000.01', '3,000'],
    ['50,00,000', '3,000'],
    ['50,00,000.01', '5,000'],
    ['1,00,00,000', '5,000'],
    ['1,00,00,000.01', '10,000'],
    ['2,00,00,000', '10,000'],
    ['2,00,00,000.01', '20,000'],
    ['5,00,00,000', '20,000'],
    ['5,00,00,000.01', '50,000'],
    ['1,00,00,00,000', '50,000'],
  ])('a highest balance of %s BDT pays %s BDT', (balance, expected) => {
    expect(exciseDutyPoisha(poisha(balance), levyDay)).toBe(duty(expected));
  });
});

describe('exciseDutyPoisha, dated', () => {
  it('uses the table in force on the levy day', () => {
    expect(exciseDutyPoisha(poisha('2,00,000'), '2024-12-31')).toBe(duty('150'));
    expect(exciseDutyPoisha(poisha('1,00,000'), '2024-12-31')).toBe(0n);
    expect(exciseDutyPoisha(poisha('1,00,000.01'), '2025-06-30')).toBe(duty('150'));
    expect(exciseDutyPoisha(poisha('2,00,000'), '2025-07-01')).toBe(0n);
  });

  it('refuses a day before any table', () => {
    expect(() => exciseDutyPoisha(1n, '2024-06-30')).toThrow(RangeError);
  });

  it('never charges less for a higher balance', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (first, second) => {
        const [low, high] = first <= second ? [first, second] : [second, first];
        expect(exciseDutyPoisha(low, '2026-12-31') <= exciseDutyPoisha(high, '2026-12-31')).toBe(true);
      }),
    );
  });
});

describe('highestBalancePoisha', () => {
  it('is the highest closing balance, and nothing for an account never in credit', () => {
    expect(highestBalancePoisha([5n, 30_000_001n, 7n])).toBe(30_000_001n);
    expect(highestBalancePoisha([-5n, 0n])).toBe(0n);
    expect(highestBalancePoisha([])).toBe(0n);
  });
});
