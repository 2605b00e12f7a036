import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../dates';
import { fdrMaturity, fdrMaturityDay, fdrTermsMonths, openFixedDeposit, prematureEncashment, simpleInterestPoisha, type FdrProduct } from './fixed-deposit';

const lakhPoisha = 100_000n * 100n;
const oneMonth: FdrProduct = { termMonths: 1, principalPoishaMin: 10_000n * 100n, annualRateBasisPoints: 850n, prematureRateBasisPoints: 400n };
const oneYear: FdrProduct = { ...oneMonth, termMonths: 12, annualRateBasisPoints: 900n };

describe('openFixedDeposit', () => {
  it('copies the rates fixed at opening', () => {
    expect(openFixedDeposit(oneYear, lakhPoisha, '2026-01-31')).toEqual({
      principalPoisha: lakhPoisha,
      openingDay: '2026-01-31',
      termMonths: 12,
      annualRateBasisPoints: 900n,
      prematureRateBasisPoints: 400n,
    });
  });
  it.each<[string, FdrProduct, bigint, string]>([
    ['a term not offered', { ...oneMonth, termMonths: 2 as 1 }, lakhPoisha, '2026-01-31'],
    ['a principal below the minimum', oneMonth, 10_000n * 100n - 1n, '2026-01-31'],
    ['a principal of nothing', { ...oneMonth, principalPoishaMin: 0n }, 0n, '2026-01-31'],
    ['a day that does not exist', oneMonth, lakhPoisha, '2026-02-30'],
    ['a premature rate above the full rate', { ...oneMonth, prematureRateBasisPoints: 900n }, lakhPoisha, '2026-01-31'],
    ['a negative premature rate', { ...oneMonth, prematureRateBasisPoints: -1n }, lakhPoisha, '2026-01-31'],
    ['a rate above 100 %', { ...oneMonth, annualRateBasisPoints: 10_001n }, lakhPoisha, '2026-01-31'],
  ])('refuses %s', (_what, product, principal, day) => {
    expect(() => openFixedDeposit(product, principal, day)).toThrow(RangeError);
  });
  it('offers the terms of 1, 3, 6, 12, 24 and 36 months', () => {
    expect(fdrTermsMonths).toEqual([1, 3, 6, 12, 24, 36]);
  });
});

describe('fdrMaturity', () => {
  it('follows the worked example: 1 lakh for a month from 31 Jan matures on 28 Feb with 1,00,586.84 BDT', () => {
    const deposit = openFixedDeposit(oneMonth, lakhPoisha, '2026-01-31');
    expect(fdrMaturity(deposit, true)).toEqual({
      principalPoisha: lakhPoisha,
      payoutDay: '2026-02-28',
      days: 28,
      interestPoisha: 65_205n,
      ratePercent: 10n,
      taxPoisha: 6_521n,
      netPoisha: 58_684n,
      paidPoisha: 10_058_684n,
    });
  });

  it('deducts 15 % without a TIN', () => {
    const deposit = openFixedDeposit(oneMonth, lakhPoisha, '2026-01-31');
    expect(fdrMaturity(deposit, false)).toMatchObject({ ratePercent: 15n, taxPoisha: 9_781n, paidPoisha: 10_055_424n });
  });

  it('counts a year of 365 or 366 days as it falls', () => {
    expect(fdrMaturity(openFixedDeposit(oneYear, lakhPoisha, '2026-03-01'), true)).toMatchObject({ days: 365, interestPoisha: 900_000n });
    expect(fdrMaturity(openFixedDeposit(oneYear, lakhPoisha, '2027-03-01'), true)).toMatchObject({ days: 366, interestPoisha: 902_466n });
  });

  it('is the same answer before opening and at maturity, and principal + interest − tax', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10_000n * 100n, max: 100_000n * lakhPoisha }),
        fc.constantFrom(...fdrTermsMonths),
        fc.bigInt({ min: 0n, max: 1_500n }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.boolean(),
        (principal, termMonths, rate, dayOffset, hasTin) => {
          const product: FdrProduct = { termMonths, principalPoishaMin: 10_000n * 100n, annualRateBasisPoints: rate, prematureRateBasisPoints: rate / 2n };
          const openingDay = addCalendarDays('2026-01-01', dayOffset);
          const quote = fdrMaturity(openFixedDeposit(product, principal, openingDay), hasTin);
          const paid = fdrMaturity(openFixedDeposit(product, principal, openingDay), hasTin);
          expect(paid).toEqual(quote);
          expect(quote.paidPoisha).toBe(principal + quote.interestPoisha - quote.taxPoisha);
          expect(quote.interestPoisha).toBe(simpleInterestPoisha(principal, rate, quote.days));
          expect(quote.payoutDay).toBe(fdrMaturityDay({ openingDay, termMonths }));
        },
      ),
    );
  });
});

describe('prematureEncashment', () => {
  const deposit = openFixedDeposit(oneYear, lakhPoisha, '2026-03-01');

  it('pays the premature rate for the days held and shows what the full term would have paid', () => {
    const early = prematureEncashment(deposit, '2026-08-28', true);
    // 180 days at 4 %: 10,000,000 × 400 × 180 / 3,650,000 = 197,260.27 → 197,260; tax 19,726.
    expect(early).toMatchObject({ days: 180, interestPoisha: 197_260n, taxPoisha: 19_726n, paidPoisha: 10_177_534n });
    expect(early.fullTerm.paidPoisha).toBe(10_810_000n);
    expect(early.forgonePoisha).toBe(10_810_000n - 10_177_534n);
  });

  it('pays the principal alone on the opening day', () => {
    expect(prematureEncashment(deposit, '2026-03-01', false)).toMatchObject({ days: 0, interestPoisha: 0n, paidPoisha: lakhPoisha });
  });

  it.each(['2026-02-28', '2027-03-01', '2027-04-01', '2026-02-30'])('refuses to encash early on %s', (day) => {
    expect(() => prematureEncashment(deposit, day, true)).toThrow(RangeError);
  });

  it('never pays more than holding to maturity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), fc.boolean(), (daysHeld, hasTin) => {
        const early = prematureEncashment(deposit, addCalendarDays('2026-03-01', daysHeld), hasTin);
        expect(early.forgonePoisha > 0n).toBe(true);
        expect(early.paidPoisha >= deposit.principalPoisha).toBe(true);
      }),
    );
  });
});
