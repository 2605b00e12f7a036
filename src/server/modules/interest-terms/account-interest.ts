import { accrualDenominator } from '../../../shared/interest/accrual';
import { poishaToBdtNumber } from '../../../shared/money';
import { basisPointsToPercent, type AccountInterest } from '../../../shared/schemas/interest-terms';
import type { Executor } from '../../db/client';
import { readAccountsInterest } from './interest-terms.repository';

/**
 * The interest of each account that earns under terms in force, by account id. The accrued
 * amount is rounded down to the poisha for display: the posting rounds the exact sum (with the
 * last carry) half to even, so the figure shown is never more than what will be credited from
 * these days.
 */
export async function accountsInterest(executor: Executor, accountIds: readonly string[]): Promise<Map<string, AccountInterest>> {
  const rows = await readAccountsInterest(executor, accountIds);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        annualRatePercent: basisPointsToPercent(row.rate ?? 0),
        posting: row.posting,
        balanceToEarnMin: poishaToBdtNumber(BigInt(row.earn_min)),
        accruedNotPosted: poishaToBdtNumber(BigInt(row.units) / accrualDenominator),
        lastPostedOn: row.last_posted_on,
      },
    ]),
  );
}
