import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accrualDenominator, annualRateFor, assertEarningProduct, dailyInterest, interestOnDays, postInterest, type EarningProduct, type ExactInterest } from './accrual';
import { roundHalfToEven } from './rounding';

const lakhPoisha = 100_000n * 100n;

/** A tiered savings product: 2 % from 0, 2.5 % from 1 lakh, 3 % from 10 lakh; earns from 1,000 BDT. */
const savings: EarningProduct = {
  tiers: [
    { balancePoishaMin: 0n, annualRateBasisPoints: 200n },
    { balancePoishaMin: 1n * lakhPoisha, annualRateBasisPoints: 250n },
    { balancePoishaMin: 10n * lakhPoisha, annualRateBasisPoints: 300n },
  ],
  balanceToEarnPoishaMin: 1_000n * 100n,
  posting: 'half-yearly',
};

const flat = (rate: bigint, minimum = 0n): EarningProduct => ({ tiers: [{ balancePoishaMin: 0n, annualRateBasisPoints: rate }], balanceToEarnPoishaMin: minimum, posting: 'monthly' });

/** Posts at the end of every `periodDays` days, and once more at the end: the total posted and the last carry. */
function postInPeriods(product: EarningProduct, balances: readonly bigint[], periodDays: number): { postedPoisha: bigint; carriedInterest: ExactInterest } {
  let postedPoisha = 0n;
  let carriedInterest = 0n;
  for (let start = 0; start < balances.length; start += periodDays) {
    const posting = postInterest(interestOnDays(product, balances.slice(start, start + periodDays)), carriedInterest);
    postedPoisha += posting.postedPoisha;
    carriedInterest = posting.carriedInterest;
  }
  return { postedPoisha, carriedInterest };
}

describe('annualRateFor', () => {
  it.each<[bigint, bigint]>([
    [0n, 0n],
    [-1n, 0n],
    [99_999n, 0n],
    [100_000n, 200n],
    [lakhPoisha - 1n, 200n],
    [lakhPoisha, 250n],
    [10n * lakhPoisha - 1n, 250n],
    [10n * lakhPoisha, 300n],
    [1_000n * lakhPoisha, 300n],
  ])('a balance of %s poisha earns %s basis points on the whole balance', (balance, rate) => {
    expect(annualRateFor(savings, balance)).toBe(rate);
  });
});

describe('dailyInterest and postInterest', () => {
  it('follows the worked example: 1,00,000 BDT at 4.25 % for 30 days posts 349.32 BDT and carries the rest', () => {
    const product = flat(425n);
    expect(dailyInterest(product, lakhPoisha)).toBe(4_250_000_000n);
    const posting = postInterest(interestOnDays(product, Array<bigint>(30).fill(lakhPoisha)), 0n);
    expect(posting).toEqual({ postedPoisha: 34_932n, carriedInterest: -1_800_000n });
  });

  it('carries what is below a poisha into the next period instead of losing it', () => {
    // 1 BDT at 1 % earns 100 × 100 / 3,650,000 poisha a day: a poisha only after 365 days.
    const product = flat(100n);
    let carried = 0n;
    let posted = 0n;
    for (let month = 0; month < 12; month += 1) {
      const posting = postInterest(interestOnDays(product, Array<bigint>(30).fill(100n)), carried);
      posted += posting.postedPoisha;
      carried = posting.carriedInterest;
    }
    expect(posted * accrualDenominator + carried).toBe(360n * 100n * 100n);
    expect(posted).toBe(1n);
  });

  it('rounds a tie to even: half a poisha posts nothing, one and a half post two', () => {
    expect(postInterest(accrualDenominator / 2n, 0n)).toEqual({ postedPoisha: 0n, carriedInterest: accrualDenominator / 2n });
    expect(postInterest((3n * accrualDenominator) / 2n, 0n)).toEqual({ postedPoisha: 2n, carriedInterest: -accrualDenominator / 2n });
  });

  it('earns nothing on a day below the minimum to earn', () => {
    expect(dailyInterest(savings, 99_999n)).toBe(0n);
    expect(interestOnDays(savings, [99_999n, 100_000n])).toBe(100_000n * 200n);
  });
});

describe('assertEarningProduct', () => {
  it('accepts a sound product', () => {
    expect(() => assertEarningProduct(savings)).not.toThrow();
  });
  it.each<[string, EarningProduct]>([
    ['no tiers', { ...savings, tiers: [] }],
    ['a first tier above 0', { ...savings, tiers: [{ balancePoishaMin: 1n, annualRateBasisPoints: 100n }] }],
    ['a negative rate', flat(-1n)],
    ['a rate above 100 %', flat(10_001n)],
    ['tiers out of order', { ...savings, tiers: [savings.tiers[0]!, savings.tiers[2]!, savings.tiers[1]!] }],
    ['a negative minimum', flat(100n, -1n)],
  ])('refuses %s', (_what, product) => {
    expect(() => assertEarningProduct(product)).toThrow(RangeError);
  });
});

describe('properties', () => {
  const balance = fc.bigInt({ min: 0n, max: 100_000n * lakhPoisha });
  const rate = fc.bigInt({ min: 0n, max: 2_000n });

  it('a constant balance posts over a year, monthly or half-yearly, balance × rate × days / 365 to the poisha', () => {
    fc.assert(
      fc.property(balance, rate, fc.constantFrom(30, 31, 182, 183), fc.integer({ min: 1, max: 366 }), (balancePoisha, rateBasisPoints, periodDays, days) => {
        const product = flat(rateBasisPoints);
        const { postedPoisha, carriedInterest } = postInPeriods(product, Array<bigint>(days).fill(balancePoisha), periodDays);
        const closedForm = balancePoisha * rateBasisPoints * BigInt(days);
        expect(postedPoisha * accrualDenominator + carriedInterest).toBe(closedForm);
        const distance = closedForm - postedPoisha * accrualDenominator;
        expect(2n * (distance < 0n ? -distance : distance) <= accrualDenominator).toBe(true);
        if (2n * distance !== accrualDenominator && -2n * distance !== accrualDenominator) expect(postedPoisha).toBe(roundHalfToEven(closedForm, accrualDenominator));
      }),
    );
  });

  it('over any daily balances, what was posted plus what is carried is exactly what was earned', () => {
    fc.assert(
      fc.property(fc.array(balance, { minLength: 1, maxLength: 400 }), fc.integer({ min: 1, max: 40 }), (balances, periodDays) => {
        const { postedPoisha, carriedInterest } = postInPeriods(savings, balances, periodDays);
        expect(postedPoisha * accrualDenominator + carriedInterest).toBe(interestOnDays(savings, balances));
        expect(2n * (carriedInterest < 0n ? -carriedInterest : carriedInterest) <= accrualDenominator).toBe(true);
      }),
    );
  });

  it('a larger balance never earns less in a day', () => {
    fc.assert(
      fc.property(balance, balance, (first, second) => {
        const [low, high] = first <= second ? [first, second] : [second, first];
        expect(dailyInterest(savings, low) <= dailyInterest(savings, high)).toBe(true);
      }),
    );
  });
});
