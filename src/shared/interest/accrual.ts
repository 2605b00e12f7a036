import { roundHalfToEven } from './rounding';

/**
 * Interest on a deposit that earns on its daily closing balance, day count actual/365, kept
 * exactly and rounded once, at posting.
 *
 * Rates are annual, in basis points (hundredths of a percent): 4.25 % is 425n. A day's interest
 * is balance × rate / (10,000 × 365) poisha, which is rarely whole; it is kept as a numerator over
 * the fixed `accrualDenominator`, so summing days loses nothing.
 *
 * Worked example: 1,00,000.00 BDT (10,000,000n poisha) at 4.25 % earns 10,000,000 × 425 =
 * 4,250,000,000 / 3,650,000 poisha a day (1,164.38… poisha, about 11.64 BDT); thirty such days
 * are 127,500,000,000 / 3,650,000 = 34,931.506… poisha, posted as 34,932n (349.32 BDT) with
 * −0.493… poisha (−1,800,000 / 3,650,000) carried into the next period.
 */
export const basisPointsPerUnit = 10_000n;
export const daysPerYear = 365n;
export const accrualDenominator = basisPointsPerUnit * daysPerYear;

/** From this balance up, the whole balance earns `annualRateBasisPoints`. */
export type RateTier = { balancePoishaMin: bigint; annualRateBasisPoints: bigint };

export type PostingFrequency = 'monthly' | 'half-yearly';

export type EarningProduct = {
  /** Ascending by `balancePoishaMin`; the first tier starts at 0n. */
  tiers: readonly RateTier[];
  /** A day whose closing balance is below this earns nothing. */
  balanceToEarnPoishaMin: bigint;
  posting: PostingFrequency;
};

/** A sum of days' interest in units of 1/`accrualDenominator` poisha. */
export type ExactInterest = bigint;

/**
 * The rate for a day's balance: the highest tier the balance reaches applies to the whole
 * balance, as Bangladeshi banks' tiered savings accounts do ("2.5 % on balances of 1 lakh to 10
 * lakh"). 0n below the minimum to earn.
 */
export function annualRateFor(product: EarningProduct, balancePoisha: bigint): bigint {
  if (balancePoisha < product.balanceToEarnPoishaMin || balancePoisha <= 0n) return 0n;
  let rate = 0n;
  for (const tier of product.tiers) if (balancePoisha >= tier.balancePoishaMin) rate = tier.annualRateBasisPoints;
  return rate;
}

/** One day's interest on a closing balance, exact, in units of 1/`accrualDenominator` poisha. */
export function dailyInterest(product: EarningProduct, closingBalancePoisha: bigint): ExactInterest {
  return closingBalancePoisha * annualRateFor(product, closingBalancePoisha);
}

/** The exact interest on a run of daily closing balances, one per calendar day. */
export function interestOnDays(product: EarningProduct, closingBalancesPoisha: readonly bigint[]): ExactInterest {
  return closingBalancesPoisha.reduce((sum, balance) => sum + dailyInterest(product, balance), 0n);
}

export type Posting = { postedPoisha: bigint; carriedInterest: ExactInterest };

/**
 * What a period's end posts: the period's exact interest plus what the last posting carried,
 * rounded half to even to the poisha; the difference is carried into the next period. The carry
 * lies within half a poisha either way (negative when the posting rounded up), so what was posted
 * plus what is carried is always exactly what was earned.
 */
export function postInterest(accruedInterest: ExactInterest, carriedInterest: ExactInterest): Posting {
  const dueInterest = accruedInterest + carriedInterest;
  const postedPoisha = roundHalfToEven(dueInterest, accrualDenominator);
  const carried = dueInterest - postedPoisha * accrualDenominator;
  if (2n * (carried < 0n ? -carried : carried) > accrualDenominator) throw new Error('a carry never exceeds half a poisha');
  return { postedPoisha, carriedInterest: carried };
}

/**
 * Validates a product: tiers ascending from 0n, rates between 0 and 100 %, a minimum to earn not
 * negative. Products are data staff may change, so a wrong one is refused before it is used.
 */
export function assertEarningProduct(product: EarningProduct): void {
  const [first] = product.tiers;
  if (first?.balancePoishaMin !== 0n) throw new RangeError('the first tier starts at a balance of 0');
  product.tiers.forEach((tier, index) => {
    if (tier.annualRateBasisPoints < 0n || tier.annualRateBasisPoints > basisPointsPerUnit) throw new RangeError('a rate lies between 0 and 100 %');
    const previous = product.tiers[index - 1];
    if (previous && tier.balancePoishaMin <= previous.balancePoishaMin) throw new RangeError('tiers ascend by balance');
  });
  if (product.balanceToEarnPoishaMin < 0n) throw new RangeError('the minimum to earn is not negative');
}
