import { sql } from 'drizzle-orm';
import { addCalendarDays, dhakaDayStart } from '../../../shared/dates';
import type { TrialBalanceAnswer } from '../../../shared/schemas/trial-balance';
import type { Database } from '../../db/client';
import { runInSnapshot } from '../../db/snapshot';
import { customerDepositsCode } from '../../../shared/bank-accounts';

export { customerDepositsCode };

/** `bank:settlement#07` → `bank:settlement`: a slotted account is one line, its slots summed. */
const lineCodeOf = (code: string, kind: 'customer' | 'bank') => (kind === 'customer' ? customerDepositsCode : code.replace(/#\d+$/, ''));

/**
 * The ledger at the end of the Dhaka day `day`: each account's live balance less what was posted
 * after that day ended. That reads only the postings since the day (by `posting_created_idx`), not
 * the whole journal, so a recent day costs little however long the bank has run; a balance is
 * always the sum of its postings (`verifyLedger` checks it), so this is the same number. Live
 * balances and later postings are read in one snapshot, so a movement committing meanwhile is in
 * both or in neither. Every bank account is a line, known or not: one the day close adds later
 * appears by its code.
 */
export async function trialBalance(db: Database, day: string): Promise<TrialBalanceAnswer> {
  const dayEnd = dhakaDayStart(addCalendarDays(day, 1));
  const rows = await runInSnapshot(db, async (reader) => {
    const result = await reader.execute<{ code: string; kind: 'customer' | 'bank'; balance: string }>(sql`
      WITH later AS (
        SELECT ledger_account_code, sum(amount_poisha) AS amount FROM posting WHERE created_at >= ${dayEnd.toISOString()}::timestamptz GROUP BY ledger_account_code
      )
      SELECT a.code, a.kind, (a.balance_poisha - coalesce(l.amount, 0))::text AS balance
      FROM ledger_account a LEFT JOIN later l ON l.ledger_account_code = a.code
      WHERE a.kind = 'bank' OR a.balance_poisha <> 0 OR l.amount IS NOT NULL`);
    return result.rows;
  });
  const balances = new Map<string, bigint>([[customerDepositsCode, 0n]]);
  for (const row of rows) {
    const code = lineCodeOf(row.code, row.kind);
    balances.set(code, (balances.get(code) ?? 0n) + BigInt(row.balance));
  }
  let debit = 0n;
  let credit = 0n;
  const lines = [...balances.entries()]
    .sort(([a], [b]) => (a === customerDepositsCode ? -1 : b === customerDepositsCode ? 1 : a.localeCompare(b)))
    .map(([code, balance]) => {
      // The journal keeps what the bank owes as positive (a customer's deposit) and what it owns as negative (its cash).
      const line = balance < 0n ? { debit: -balance, credit: 0n } : { debit: 0n, credit: balance };
      debit += line.debit;
      credit += line.credit;
      return { code, debitPoisha: line.debit.toString(), creditPoisha: line.credit.toString() };
    });
  return { asOf: day, lines, totalDebitPoisha: debit.toString(), totalCreditPoisha: credit.toString(), differencePoisha: (debit - credit).toString() };
}
