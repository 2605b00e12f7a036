import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import { bankAccounts } from '../ledger/ledger';
import { endOfBusinessDate } from './accrue-interest';
import type { DayCloseStep } from './day-close-step';

/**
 * Takes excise duty still due (record 085: the part of a year's duty an account could not pay on
 * 31 December) from what the account holds at the close of a later date: for each account, the
 * smaller of what it still owes over all its years and what it holds at the end of the date and
 * now, whichever is less, oldest year first (record 090). One journal entry per account, kind
 * `excise_collected` (customer → `bank:excise-duty-payable`), dated at the end of the date like the
 * interest posted before it, and one `excise_duty_collection` row per year it pays. An account is
 * never overdrawn and a charge never collected past its due; an account collected from on a date
 * is not collected from again that date, so the step does nothing when run twice.
 */
export const collectExciseStep: DayCloseStep = {
  name: 'collect-excise',
  async run(tx: Transaction, businessDate: string) {
    const postedAt = sql`(${endOfBusinessDate(businessDate)} - interval '1 microsecond')`;
    const outstanding = sql`
      outstanding AS (
        SELECT c.bank_account_id, c.year, c.due_poisha - coalesce(sum(x.collected_poisha), 0) AS owed
        FROM excise_duty_charge c
        LEFT JOIN excise_duty_collection x ON x.bank_account_id = c.bank_account_id AND x.year = c.year
        WHERE c.due_poisha > 0 AND c.business_date < ${businessDate}::date
          AND NOT EXISTS (SELECT 1 FROM excise_duty_collection t WHERE t.bank_account_id = c.bank_account_id AND t.business_date = ${businessDate}::date)
        GROUP BY c.bank_account_id, c.year, c.due_poisha
        HAVING c.due_poisha > coalesce(sum(x.collected_poisha), 0)
      )`;
    // The accounts that owe and hold something are locked first, in one order, so the balance the
    // next statement reads (a fresh snapshot, after the lock) is the one the duty is taken from.
    await tx.execute(sql`
      WITH ${outstanding}
      SELECT la.code FROM ledger_account la
      WHERE la.code IN (SELECT bank_account_id FROM outstanding) AND la.balance_poisha > 0
      ORDER BY la.code FOR UPDATE OF la`);
    const collected = await tx.execute<{ rows: number }>(sql`
      WITH ${outstanding}, later AS (
        SELECT p.ledger_account_code AS code, sum(p.amount_poisha) AS moved
        FROM posting p
        WHERE p.created_at >= ${endOfBusinessDate(businessDate)} AND p.ledger_account_code IN (SELECT bank_account_id FROM outstanding)
        GROUP BY p.ledger_account_code
      ), available AS (
        SELECT la.code, greatest(0, least(la.balance_poisha, la.balance_poisha - coalesce(l.moved, 0))) AS held
        FROM ledger_account la LEFT JOIN later l ON l.code = la.code
        WHERE la.code IN (SELECT bank_account_id FROM outstanding)
      ), allotted AS (
        -- Oldest year first: a year gets what is left of the balance after the years before it.
        SELECT o.bank_account_id, o.year, o.owed,
          least(o.owed, greatest(0, a.held - coalesce(sum(o.owed) OVER (PARTITION BY o.bank_account_id ORDER BY o.year ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS taken
        FROM outstanding o JOIN available a ON a.code = o.bank_account_id
      ), entries AS (
        SELECT bank_account_id, gen_random_uuid() AS id, sum(taken) AS amount, sum(owed) - sum(taken) AS still_due,
          string_agg(year::text, ',' ORDER BY year) FILTER (WHERE taken > 0) AS years
        FROM allotted GROUP BY bank_account_id HAVING sum(taken) > 0
      ), journal AS (
        INSERT INTO journal_entry (id, kind, memo, params, reference_id, created_at)
        SELECT id, 'excise_collected', 'Excise duty due for ' || replace(years, ',', ', ') || ' collected',
               jsonb_build_object('amountPoisha', amount::text, 'duePoisha', still_due::text, 'years', years),
               'excise-collected:' || bank_account_id || ':' || ${businessDate}, ${postedAt}
        FROM entries
        RETURNING 1
      ), inserted AS (
        INSERT INTO excise_duty_collection (bank_account_id, year, business_date, collected_poisha, journal_entry_id)
        SELECT a.bank_account_id, a.year, ${businessDate}::date, a.taken, e.id
        FROM allotted a JOIN entries e ON e.bank_account_id = a.bank_account_id
        WHERE a.taken > 0
        RETURNING 1
      )
      SELECT count(*)::int AS rows FROM entries`);
    // This run's entries are the date's entries with no posting yet.
    const lines = sql`
      lines AS (
        SELECT x.journal_entry_id, x.bank_account_id, sum(x.collected_poisha) AS amount
        FROM excise_duty_collection x
        WHERE x.business_date = ${businessDate}::date AND NOT EXISTS (SELECT 1 FROM posting p WHERE p.journal_entry_id = x.journal_entry_id)
        GROUP BY x.journal_entry_id, x.bank_account_id
      )`;
    await tx.execute(sql`
      WITH ${lines}, moved AS (
        UPDATE ledger_account la SET balance_poisha = la.balance_poisha - l.amount
        FROM lines l WHERE la.code = l.bank_account_id
        RETURNING la.code, la.balance_poisha AS after, l.journal_entry_id, l.amount
      ), payable AS (
        UPDATE ledger_account la SET balance_poisha = la.balance_poisha + (SELECT coalesce(sum(amount), 0) FROM lines)
        WHERE la.code = ${bankAccounts.exciseDutyPayable} AND EXISTS (SELECT 1 FROM lines)
        RETURNING la.balance_poisha - (SELECT sum(amount) FROM lines) AS before
      )
      INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha, created_at)
      SELECT journal_entry_id, code, -amount, after, ${postedAt} FROM moved
      UNION ALL
      SELECT l.journal_entry_id, ${bankAccounts.exciseDutyPayable}, l.amount, u.before + sum(l.amount) OVER (ORDER BY l.bank_account_id), ${postedAt}
      FROM lines l CROSS JOIN payable u`);
    await assertNothingCollectedPastItsDue(tx, businessDate);
    return { rows: Number(collected.rows[0]?.rows ?? 0) };
  },
};

/** Re-read after the write, in the same transaction: a failure rolls the date's collections back. */
async function assertNothingCollectedPastItsDue(tx: Transaction, businessDate: string): Promise<void> {
  const wrong = await tx.execute<{ code: string }>(sql`
    SELECT c.bank_account_id AS code FROM excise_duty_charge c
    JOIN excise_duty_collection x ON x.bank_account_id = c.bank_account_id AND x.year = c.year
    WHERE c.bank_account_id IN (SELECT bank_account_id FROM excise_duty_collection WHERE business_date = ${businessDate}::date)
    GROUP BY c.bank_account_id, c.year, c.due_poisha
    HAVING sum(x.collected_poisha) > c.due_poisha
    UNION ALL
    SELECT x.bank_account_id FROM excise_duty_collection x JOIN ledger_account la ON la.code = x.bank_account_id
    WHERE x.business_date = ${businessDate}::date AND la.balance_poisha < 0
    LIMIT 1`);
  if (wrong.rows.length > 0) throw new Error(`excise collection on ${businessDate} broke an invariant for account ${wrong.rows[0]!.code}`);
}
