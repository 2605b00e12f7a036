import { inForceOn } from './dated-table';
import { roundHalfUp } from './rounding';

/**
 * Tax deducted at source from interest on deposits, as the National Board of Revenue sets it: 10 %
 * when the customer has given a TIN, 15 % when not, and 10 % regardless on a savings account whose
 * balance never exceeded 1,00,000 BDT during the year. Dated, because a Finance Act may change the
 * rates: the row in force on the posting day is used.
 *
 * Worked example: 349.32 BDT of interest (34,932n poisha) posted on 2026-06-30 to a customer
 * without a TIN whose savings reached 2,00,000 BDT: 15 % is 5,239.8 poisha, deducted as 5,240n
 * (52.40 BDT), and 34,932 − 5,240 = 29,692n (296.92 BDT) reaches the account.
 */
export type SourceTaxRates = {
  /** The first Dhaka calendar day (YYYY-MM-DD) these rates apply to. */
  from: string;
  withTinPercent: bigint;
  withoutTinPercent: bigint;
  smallSavingsPercent: bigint;
  /** A savings account whose highest balance in the year is at most this pays `smallSavingsPercent`. */
  smallSavingsBalancePoishaMax: bigint;
};

export const bangladeshSourceTaxRates: readonly SourceTaxRates[] = [
  // Income Tax Act 2023, in force from the 2023-24 income year; the rates carry over from the 1984 Ordinance.
  { from: '2023-07-01', withTinPercent: 10n, withoutTinPercent: 15n, smallSavingsPercent: 10n, smallSavingsBalancePoishaMax: 100_000n * 100n },
];

export type InterestRecipient = {
  hasTin: boolean;
  accountKind: 'savings' | 'term';
  /** The highest closing balance of the account in the calendar year of the posting so far. */
  highestBalanceInYearPoisha: bigint;
};

export function sourceTaxPercent(recipient: InterestRecipient, postingDay: string, table: readonly SourceTaxRates[] = bangladeshSourceTaxRates): bigint {
  const rates = inForceOn(table, postingDay);
  if (recipient.accountKind === 'savings' && recipient.highestBalanceInYearPoisha <= rates.smallSavingsBalancePoishaMax) return rates.smallSavingsPercent;
  return recipient.hasTin ? rates.withTinPercent : rates.withoutTinPercent;
}

/**
 * The tax on a posting, rounded half up to the poisha: the bank answers to the revenue for what
 * it should have deducted, so a half poisha goes to the revenue rather than being kept back.
 */
export function sourceTaxPoisha(interestPoisha: bigint, ratePercent: bigint): bigint {
  if (interestPoisha < 0n) throw new RangeError('interest is not negative');
  if (ratePercent < 0n || ratePercent > 100n) throw new RangeError('a tax rate lies between 0 and 100 %');
  return roundHalfUp(interestPoisha * ratePercent, 100n);
}

export type TaxedPosting = { interestPoisha: bigint; ratePercent: bigint; taxPoisha: bigint; netPoisha: bigint };

/** A posting's interest, the tax deducted from it and what reaches the account. */
export function taxPosting(interestPoisha: bigint, recipient: InterestRecipient, postingDay: string, table: readonly SourceTaxRates[] = bangladeshSourceTaxRates): TaxedPosting {
  const ratePercent = sourceTaxPercent(recipient, postingDay, table);
  const taxPoisha = sourceTaxPoisha(interestPoisha, ratePercent);
  return { interestPoisha, ratePercent, taxPoisha, netPoisha: interestPoisha - taxPoisha };
}
