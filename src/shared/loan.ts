import { loanInterestPercentByMonths } from './constants';

export type LoanTerms = { interestPercent: number; interestPoisha: bigint; totalPoisha: bigint };

/**
 * Total to repay = amount + amount × rate, in integer poisha, the interest rounded half up to
 * the poisha. Example: 1,00,000.00 BDT over 18 months → 5 % → 5,000.00 interest → 1,05,000.00.
 */
export function computeLoanTerms(amountPoisha: bigint, durationMonths: number): LoanTerms {
  const interestPercent = loanInterestPercentByMonths[durationMonths];
  if (interestPercent === undefined) throw new RangeError(`no loan of ${durationMonths} months`);
  if (amountPoisha <= 0n) throw new RangeError('a loan amount must be positive');
  const interestPoisha = (amountPoisha * BigInt(interestPercent) + 50n) / 100n;
  return { interestPercent, interestPoisha, totalPoisha: amountPoisha + interestPoisha };
}

/**
 * The monthly instalment (EMI) of a loan repaid in equal months, in integer poisha: the total
 * divided by the months, rounded up, because the poisha that do not divide evenly are paid in the
 * first instalments. The largest instalment the customer will ever pay, so what the estimate
 * promises and the schedule asks for are the same number. Example: 20,600.00 BDT (2,060,000
 * poisha) over 12 months → 1,716.67 BDT (171,667 poisha); 1,03,000.00 BDT over 12 → 8,583.34.
 */
export function monthlyInstalmentPoisha(totalPoisha: bigint, durationMonths: number): bigint {
  if (!Number.isInteger(durationMonths) || durationMonths <= 0) throw new RangeError('a loan lasts a whole number of months');
  if (totalPoisha <= 0n) throw new RangeError('a loan total must be positive');
  const months = BigInt(durationMonths);
  return (totalPoisha + months - 1n) / months;
}

export type InstalmentState = 'paid' | 'part-paid' | 'due';
export type Instalment = { number: number; amountPoisha: bigint; state: InstalmentState; remainingAfterPoisha: bigint };

/**
 * The total to repay in equal monthly instalments, in integer poisha: the poisha that do not
 * divide evenly go one each to the first instalments, so no two differ by more than one poisha
 * and together they are exactly the total. Repayments so far (total − outstanding) settle the
 * instalments in order. Example: 20,600.00 BDT over 12 months → eight of 1,716.67 and four of
 * 1,716.66; with 2,000.00 repaid, the first is paid and the second part-paid.
 */
export function repaymentSchedule(totalPoisha: bigint, outstandingPoisha: bigint, durationMonths: number): Instalment[] {
  const largestPoisha = monthlyInstalmentPoisha(totalPoisha, durationMonths);
  if (outstandingPoisha < 0n || outstandingPoisha > totalPoisha) throw new RangeError('the outstanding amount lies between nothing and the total');
  const months = BigInt(durationMonths);
  const extraPoishaCount = totalPoisha % months;
  const basePoisha = extraPoishaCount === 0n ? largestPoisha : largestPoisha - 1n;
  const repaidPoisha = totalPoisha - outstandingPoisha;
  const instalments: Instalment[] = [];
  let dueByNowPoisha = 0n;
  for (let index = 0n; index < months; index += 1n) {
    const amountPoisha = basePoisha + (index < extraPoishaCount ? 1n : 0n);
    const startPoisha = dueByNowPoisha;
    dueByNowPoisha += amountPoisha;
    const state: InstalmentState = repaidPoisha >= dueByNowPoisha ? 'paid' : repaidPoisha > startPoisha ? 'part-paid' : 'due';
    instalments.push({ number: Number(index) + 1, amountPoisha, state, remainingAfterPoisha: totalPoisha - dueByNowPoisha });
  }
  if (dueByNowPoisha !== totalPoisha) throw new Error('instalments must add up to the total');
  return instalments;
}
