import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tinSchema } from '../schemas/tin';
import { sourceTaxPercent, sourceTaxPoisha, taxPosting, type InterestRecipient, type SourceTaxRates } from './source-tax';

const lakhPoisha = 100_000n * 100n;
const day = '2026-06-30';

describe('sourceTaxPercent', () => {
  it.each<[string, InterestRecipient, bigint]>([
    ['with a TIN', { hasTin: true, accountKind: 'term', highestBalanceInYearPoisha: 5n * lakhPoisha }, 10n],
    ['without a TIN', { hasTin: false, accountKind: 'term', highestBalanceInYearPoisha: 5n * lakhPoisha }, 15n],
    ['savings that reached 1 lakh exactly, without a TIN', { hasTin: false, accountKind: 'savings', highestBalanceInYearPoisha: lakhPoisha }, 10n],
    ['savings a poisha above 1 lakh, without a TIN', { hasTin: false, accountKind: 'savings', highestBalanceInYearPoisha: lakhPoisha + 1n }, 15n],
    ['savings a poisha above 1 lakh, with a TIN', { hasTin: true, accountKind: 'savings', highestBalanceInYearPoisha: lakhPoisha + 1n }, 10n],
    ['a term deposit of under 1 lakh without a TIN', { hasTin: false, accountKind: 'term', highestBalanceInYearPoisha: 50_000n * 100n }, 15n],
  ])('%s → %s %%', (_what, recipient, rate) => {
    expect(sourceTaxPercent(recipient, day)).toBe(rate);
  });

  it('uses the rates in force on the posting day', () => {
    const table: SourceTaxRates[] = [
      { from: '2023-07-01', withTinPercent: 10n, withoutTinPercent: 15n, smallSavingsPercent: 10n, smallSavingsBalancePoishaMax: lakhPoisha },
      { from: '2027-07-01', withTinPercent: 12n, withoutTinPercent: 20n, smallSavingsPercent: 5n, smallSavingsBalancePoishaMax: 2n * lakhPoisha },
    ];
    const recipient: InterestRecipient = { hasTin: false, accountKind: 'term', highestBalanceInYearPoisha: lakhPoisha };
    expect(sourceTaxPercent(recipient, '2027-06-30', table)).toBe(15n);
    expect(sourceTaxPercent(recipient, '2027-07-01', table)).toBe(20n);
    expect(() => sourceTaxPercent(recipient, '2023-06-30', table)).toThrow(RangeError);
  });
});

describe('sourceTaxPoisha', () => {
  it.each<[bigint, bigint, bigint]>([
    [34_932n, 15n, 5_240n],
    [34_932n, 10n, 3_493n],
    [5n, 10n, 1n],
    [4n, 10n, 0n],
    [15n, 10n, 2n],
    [1n, 15n, 0n],
    [10n, 15n, 2n],
    [0n, 15n, 0n],
  ])('%s poisha at %s %% → %s poisha, a half poisha rounded up', (interest, rate, tax) => {
    expect(sourceTaxPoisha(interest, rate)).toBe(tax);
  });

  it('refuses negative interest and a rate outside 0–100 %', () => {
    expect(() => sourceTaxPoisha(-1n, 10n)).toThrow(RangeError);
    expect(() => sourceTaxPoisha(1n, -1n)).toThrow(RangeError);
    expect(() => sourceTaxPoisha(1n, 101n)).toThrow(RangeError);
  });

  it('never lets tax plus net differ from the interest, and stays within half a poisha of the rate', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.constantFrom<boolean>(true, false), (interestPoisha, hasTin) => {
        const posting = taxPosting(interestPoisha, { hasTin, accountKind: 'term', highestBalanceInYearPoisha: 10n * lakhPoisha }, day);
        expect(posting.taxPoisha + posting.netPoisha).toBe(interestPoisha);
        const error = posting.taxPoisha * 100n - interestPoisha * posting.ratePercent;
        expect(error > -50n && error <= 50n).toBe(true);
      }),
    );
  });
});

describe('tinSchema', () => {
  it.each<[string, string]>([
    ['123456789012', '123456789012'],
    [' 1234 5678 9012 ', '123456789012'],
    ['1234-5678-9012', '123456789012'],
    ['১২৩৪৫৬৭৮৯০১২', '123456789012'],
  ])('reads %j as %s', (typed, tin) => {
    expect(tinSchema.parse(typed)).toBe(tin);
  });

  it.each<unknown>(['', '12345678901', '1234567890123', '12345678901a', '１２３４５６７８９０１２', 123456789012, null, undefined])('refuses %j', (typed) => {
    expect(tinSchema.safeParse(typed).success).toBe(false);
  });
});
