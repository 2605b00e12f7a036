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
