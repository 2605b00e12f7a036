import { bangladeshSourceTaxRates, taxPosting, type SourceTaxRates, type TaxedPosting } from './source-tax';
import { addMonths, dayOfMonthIn } from './calendar-months';
import { roundHalfToEven } from './rounding';
import { basisPointsPerUnit } from './accrual';

/**
 * A deposit pension scheme (DPS): the same instalment every month for whole years, paid back with
 * interest at maturity, one month after the last instalment.
 *
 * Interest compounds monthly, each instalment earning from the month it is paid to maturity, the
 * recurring-deposit formula Bangladeshi banks publish their DPS tables by:
 *
 *   maturity value = A × ((1 + i)^n − 1) / i × (1 + i),   i = annual rate / 12,  n = months
 *
 * computed exactly as a fraction and rounded once, half to even, to the poisha; source tax is
 * deducted from the interest (maturity value − instalments) at maturity.
 *
 * Worked example: 1,000 BDT a month for 1 year at 6 % (i = 0.5 %): 1,000 × (1.005^12 − 1) /
 * 0.005 × 1.005 = 12,397.2401… → 12,397.24 BDT; interest 397.24 BDT; with a TIN, 10 % tax 39.72
 * BDT, 12,357.52 BDT paid.
 */
export const dpsYearsMin = 1;
export const dpsYearsMax = 10;

export type DpsPlan = {
  instalmentPoisha: bigint;
  years: number;
  /** The first instalment's month, YYYY-MM. */
  firstMonth: string;
  /** The day of the month instalments fall due, 1–31; a shorter month's last day when it has no such day. */
  dayOfMonth: number;
  annualRateBasisPoints: bigint;
};

export type DpsMaturity = TaxedPosting & { maturityDay: string; instalments: number; depositedPoisha: bigint; maturityValuePoisha: bigint; paidPoisha: bigint };

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * Refuses an instalment of nothing, a term outside 1–10 whole years, a month or day that does not
 * exist, or a rate outside 0–100 %. The instalment's bounds are the product's on the opening day
 * (`dpsInstalmentAllowed`): a scheme opened under wider bounds stays valid when they narrow.
 */
export function assertDpsPlan(plan: DpsPlan): void {
  if (plan.instalmentPoisha <= 0n) throw new RangeError('a DPS instalment is more than nothing');
  if (!Number.isInteger(plan.years) || plan.years < dpsYearsMin || plan.years > dpsYearsMax) throw new RangeError('a DPS lasts 1 to 10 whole years');
  if (!monthPattern.test(plan.firstMonth)) throw new RangeError(`not a month: ${plan.firstMonth}`);
  if (!Number.isInteger(plan.dayOfMonth) || plan.dayOfMonth < 1 || plan.dayOfMonth > 31) throw new RangeError('a day of the month lies between 1 and 31');
  if (plan.annualRateBasisPoints < 0n || plan.annualRateBasisPoints > basisPointsPerUnit) throw new RangeError('a rate lies between 0 and 100 %');
}

/** The due day `monthsAfterFirst` months after the first instalment's month. */
function dueDay(plan: DpsPlan, monthsAfterFirst: number): string {
  const [year, month] = plan.firstMonth.split('-').map(Number) as [number, number];
  const monthIndex = year * 12 + (month - 1) + monthsAfterFirst;
  return dayOfMonthIn(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, plan.dayOfMonth);
}

/** Every instalment's due day, in order: 12 × years of them. */
export function dpsSchedule(plan: DpsPlan): string[] {
  assertDpsPlan(plan);
  return Array.from({ length: plan.years * 12 }, (_unused, index) => dueDay(plan, index));
}

/** One month after the last instalment falls due. */
export function dpsMaturityDay(plan: DpsPlan): string {
  assertDpsPlan(plan);
  return dueDay(plan, plan.years * 12);
}

/** The maturity value before tax, exact then rounded half to even: A × Σ (1 + i)^k for k = 1…n. */
export function dpsMaturityValuePoisha(instalmentPoisha: bigint, months: number, annualRateBasisPoints: bigint): bigint {
  const perMonthDenominator = 12n * basisPointsPerUnit;
  const growth = perMonthDenominator + annualRateBasisPoints;
  // After month m the value is numerator / perMonthDenominator^m: add the month's instalment, then grow a month.
  let numerator = 0n;
  let denominator = 1n;
  for (let month = 0; month < months; month += 1) {
    numerator = (numerator + instalmentPoisha * denominator) * growth;
    denominator *= perMonthDenominator;
  }
  return roundHalfToEven(numerator, denominator);
}

/** What the plan pays at maturity, when every instalment was paid on time. */
export function dpsMaturity(plan: DpsPlan, hasTin: boolean, taxRates: readonly SourceTaxRates[] = bangladeshSourceTaxRates): DpsMaturity {
  const maturityDay = dpsMaturityDay(plan);
  const instalments = plan.years * 12;
  const depositedPoisha = plan.instalmentPoisha * BigInt(instalments);
  const maturityValuePoisha = dpsMaturityValuePoisha(plan.instalmentPoisha, instalments, plan.annualRateBasisPoints);
  const taxed = taxPosting(maturityValuePoisha - depositedPoisha, { hasTin, accountKind: 'term', highestBalanceInYearPoisha: maturityValuePoisha }, maturityDay, taxRates);
  return { ...taxed, maturityDay, instalments, depositedPoisha, maturityValuePoisha, paidPoisha: depositedPoisha + taxed.netPoisha };
}

/**
 * The DPS products the bank offers (record 084): terms in whole years, instalments in whole
 * multiples of 500 BDT, a chosen due day 1–28 (so every month has it), and the rule for
 * instalments the account cannot pay: tried on the due day and the following three days, then
 * counted missed; a fourth miss makes the scheme defaulted.
 */
export const dpsTermsYears = [1, 2, 3, 5, 7, 10] as const;
export type DpsTermYears = (typeof dpsTermsYears)[number];
export const dpsInstalmentStepPoisha = 500n * 100n;
export const dpsDayOfMonthMax = 28;

/** A DPS product's instalment bounds, set with its rates by the sheet in force (record 089). */
export type DpsInstalmentBounds = { instalmentPoishaMin: bigint; instalmentPoishaMax: bigint };

/** Whether the product in force takes the instalment: within its bounds, in whole multiples of 500 BDT. */
export function dpsInstalmentAllowed(instalmentPoisha: bigint, bounds: DpsInstalmentBounds): boolean {
  return instalmentPoisha >= bounds.instalmentPoishaMin && instalmentPoisha <= bounds.instalmentPoishaMax && instalmentPoisha % dpsInstalmentStepPoisha === 0n;
}

export const dpsRetryDays = 3;
export const dpsMissesAllowed = 3;

export function isDpsTerm(years: number): years is DpsTermYears {
  return (dpsTermsYears as readonly number[]).includes(years);
}

/** The month an instalment day falls in the opening month when it is still ahead, else the next month: the first instalment is taken at opening, ahead of its due day. */
export function dpsFirstMonth(openingDay: string, dayOfMonth: number): string {
  const [year, month, day] = openingDay.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + (day <= dayOfMonth ? 0 : 1);
  return `${String(Math.floor(monthIndex / 12)).padStart(4, '0')}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;
}

/** Whole months from `from` to `to` (0 when `to` is not later): 2026-01-05 → 2026-03-04 is 1. */
export function wholeMonthsBetween(from: string, to: string): number {
  let months = 0;
  while (addMonths(from, months + 1) <= to) months += 1;
  return months;
}

/** One instalment as it was paid: its amount, its due day and the day the money was taken. */
export type DpsPaidInstalment = { amountPoisha: bigint; dueDay: string; paidDay: string };

/**
 * What the instalments actually paid are worth on `payoutDay` at a rate, before tax: each earns
 * monthly compound interest for the whole months from its due day (or the day it was taken, when
 * that was later) to the payout day, and the sum is rounded once, half to even. An instalment
 * paid late loses the month it was late for; one taken ahead of its due day (the first, at
 * opening) earns from its due day. When every instalment is paid on time and paid out on the
 * maturity day this is exactly `dpsMaturityValuePoisha`, so the quote and the payment agree.
 *
 * Worked example: two instalments of 1,000 BDT at 6 %, one 2 months and one 1 month before the
 * payout: 1,000 × 1.005² + 1,000 × 1.005 = 2,015.025 → 2,015.02 BDT (half to even).
 */
export function dpsValueOfPaidPoisha(paid: readonly DpsPaidInstalment[], payoutDay: string, annualRateBasisPoints: bigint): bigint {
  const perMonthDenominator = 12n * basisPointsPerUnit;
  const growth = perMonthDenominator + annualRateBasisPoints;
  const terms = paid.map((instalment) => ({
    amount: instalment.amountPoisha,
    months: wholeMonthsBetween(instalment.paidDay > instalment.dueDay ? instalment.paidDay : instalment.dueDay, payoutDay),
  }));
  const longest = Math.max(0, ...terms.map((term) => term.months));
  let numerator = 0n;
  for (const term of terms) numerator += term.amount * growth ** BigInt(term.months) * perMonthDenominator ** BigInt(longest - term.months);
  return roundHalfToEven(numerator, perMonthDenominator ** BigInt(longest));
}

export type DpsPayout = TaxedPosting & { payoutDay: string; depositedPoisha: bigint; valuePoisha: bigint; paidPoisha: bigint };

/** A payout of the instalments paid, at a rate, less source tax on the interest (a term deposit's rates, as the FDR's). */
export function dpsPayout(paid: readonly DpsPaidInstalment[], payoutDay: string, rateBasisPoints: bigint, hasTin: boolean, taxRates: readonly SourceTaxRates[] = bangladeshSourceTaxRates): DpsPayout {
  const depositedPoisha = paid.reduce((sum, instalment) => sum + instalment.amountPoisha, 0n);
  const valuePoisha = dpsValueOfPaidPoisha(paid, payoutDay, rateBasisPoints);
  const taxed = taxPosting(valuePoisha - depositedPoisha, { hasTin, accountKind: 'term', highestBalanceInYearPoisha: valuePoisha }, payoutDay, taxRates);
  return { ...taxed, payoutDay, depositedPoisha, valuePoisha, paidPoisha: depositedPoisha + taxed.netPoisha };
}
