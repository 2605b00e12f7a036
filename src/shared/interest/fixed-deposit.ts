import { calendarDaysBetween, isCalendarDay } from '../dates';
import { accrualDenominator, basisPointsPerUnit } from './accrual';
import { addMonths } from './calendar-months';
import { roundHalfToEven } from './rounding';
import { bangladeshSourceTaxRates, taxPosting, type SourceTaxRates, type TaxedPosting } from './source-tax';

/**
 * A fixed deposit receipt (FDR): a sum left for a fixed term at a rate fixed on the day it opens,
 * paid back with its interest, less source tax, on the maturity day.
 *
 * Interest is simple, on the actual days of the term over 365, rounded once, half to even, to the
 * poisha. Worked example: 1,00,000.00 BDT opened on 2026-01-31 for 1 month at 8.50 % matures on
 * 2026-02-28, 28 days later: 10,000,000 × 850 × 28 / 3,650,000 = 65,205.48 poisha → 65,205n
 * (652.05 BDT) of interest; with a TIN, 10 % tax is 6,521n (half up from 6,520.5); the customer is
 * paid 1,00,000 + 652.05 − 65.21 = 1,00,586.84 BDT.
 */
export const fdrTermsMonths = [1, 3, 6, 12, 24, 36] as const;
export type FdrTermMonths = (typeof fdrTermsMonths)[number];

export type FdrProduct = {
  termMonths: FdrTermMonths;
  principalPoishaMin: bigint;
  annualRateBasisPoints: bigint;
  /** What a deposit broken before maturity earns for the days it was held. */
  prematureRateBasisPoints: bigint;
};

/** A deposit as opened: the rates are copied from the product that day and never change after. */
export type FixedDeposit = {
  principalPoisha: bigint;
  openingDay: string;
  termMonths: FdrTermMonths;
  annualRateBasisPoints: bigint;
  prematureRateBasisPoints: bigint;
};

export type FdrPayout = TaxedPosting & { principalPoisha: bigint; days: number; payoutDay: string; paidPoisha: bigint };

export function isFdrTerm(months: number): months is FdrTermMonths {
  return (fdrTermsMonths as readonly number[]).includes(months);
}

/** Opens a deposit under a product, refusing a term the bank does not offer, too small a sum, or a day that does not exist. */
export function openFixedDeposit(product: FdrProduct, principalPoisha: bigint, openingDay: string): FixedDeposit {
  if (!isFdrTerm(product.termMonths)) throw new RangeError(`no FDR of ${product.termMonths} months`);
  if (principalPoisha < product.principalPoishaMin || principalPoisha <= 0n) throw new RangeError('the principal is below the product minimum');
  if (!isCalendarDay(openingDay)) throw new RangeError(`not a calendar day: ${openingDay}`);
  if (product.prematureRateBasisPoints > product.annualRateBasisPoints || product.prematureRateBasisPoints < 0n) throw new RangeError('the premature rate lies between 0 and the full rate');
  if (product.annualRateBasisPoints > basisPointsPerUnit) throw new RangeError('a rate lies between 0 and 100 %');
  const { termMonths, annualRateBasisPoints, prematureRateBasisPoints } = product;
  return { principalPoisha, openingDay, termMonths, annualRateBasisPoints, prematureRateBasisPoints };
}

export function fdrMaturityDay(deposit: Pick<FixedDeposit, 'openingDay' | 'termMonths'>): string {
  return addMonths(deposit.openingDay, deposit.termMonths);
}

/** Simple interest for a number of days, actual/365, rounded half to even to the poisha. */
export function simpleInterestPoisha(principalPoisha: bigint, annualRateBasisPoints: bigint, days: number): bigint {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('days are whole and not negative');
  return roundHalfToEven(principalPoisha * annualRateBasisPoints * BigInt(days), accrualDenominator);
}

function payout(deposit: FixedDeposit, payoutDay: string, rateBasisPoints: bigint, hasTin: boolean, taxRates: readonly SourceTaxRates[]): FdrPayout {
  const days = calendarDaysBetween(deposit.openingDay, payoutDay);
  const interestPoisha = simpleInterestPoisha(deposit.principalPoisha, rateBasisPoints, days);
  const taxed = taxPosting(interestPoisha, { hasTin, accountKind: 'term', highestBalanceInYearPoisha: deposit.principalPoisha }, payoutDay, taxRates);
  return { ...taxed, principalPoisha: deposit.principalPoisha, days, payoutDay, paidPoisha: deposit.principalPoisha + taxed.netPoisha };
}

/**
 * What the deposit pays on its maturity day. The quote shown before opening and the payment at
 * maturity both come from this function, so they agree unless a Finance Act changes the tax
 * rates in between (the quote can only know the rates in force).
 */
export function fdrMaturity(deposit: FixedDeposit, hasTin: boolean, taxRates: readonly SourceTaxRates[] = bangladeshSourceTaxRates): FdrPayout {
  return payout(deposit, fdrMaturityDay(deposit), deposit.annualRateBasisPoints, hasTin, taxRates);
}

export type PrematureEncashment = FdrPayout & { fullTerm: FdrPayout; forgonePoisha: bigint };

/**
 * A deposit broken before maturity earns the premature rate for the days it was held; the answer
 * also gives what it would have paid at maturity, and the difference the customer gives up.
 */
export function prematureEncashment(deposit: FixedDeposit, encashDay: string, hasTin: boolean, taxRates: readonly SourceTaxRates[] = bangladeshSourceTaxRates): PrematureEncashment {
  if (!isCalendarDay(encashDay)) throw new RangeError(`not a calendar day: ${encashDay}`);
  const maturityDay = fdrMaturityDay(deposit);
  if (encashDay < deposit.openingDay || encashDay >= maturityDay) throw new RangeError('a deposit is encashed early between its opening day and the day before it matures');
  const early = payout(deposit, encashDay, deposit.prematureRateBasisPoints, hasTin, taxRates);
  const fullTerm = fdrMaturity(deposit, hasTin, taxRates);
  return { ...early, fullTerm, forgonePoisha: fullTerm.paidPoisha - early.paidPoisha };
}
