import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import { bankAccounts } from '../ledger/ledger';
import { endOfBusinessDate } from './accrue-interest';
import type { DayCloseStep } from './day-close-step';

/** The levy day: the last date of the calendar year, which the day close reaches whether or not the bank opens on it. */
export const isExciseLevyDay = (businessDate: string) => businessDate.endsWith('-12-31');

/**
 * On 31 December charges every account its excise duty for the year: the fixed amount of the
 * slab its highest daily closing balance of the year falls in (`account_year_high`), under the
 * approved `excise_duty_table` in force that day, as `exciseDutyPoisha` in
 * `src/shared/interest/excise-duty.ts` reads a table (upper bounds inclusive). An account is
 * charged at most what it holds, at the end of the date and now, whichever is less; the rest is
 * recorded as due and the account is never overdrawn (record 085). One journal entry per charged
 * account, customer → `bank:excise-duty-payable`, dated at the end of the date like the interest
 * posted before it, so the year's statement shows it. The charge's primary key (account, year)
 * refuses a second charge of a year.
 */
export const chargeExciseStep: DayCloseStep = {
  name: 'charge-excise',
  async run(tx: Transaction, businessDate: string) {
    if (!isExciseLevyDay(businessDate)) return { rows: 0 };
    const year = sql`extract(year FROM ${businessDate}::date)::int`;
    const postedAt = sql`(${endOfBusinessDate(businessDate)} - interval '1 microsecond')`;
    const dutied = sql`
      in_force AS (
        SELECT t.id FROM excise_duty_table t
        WHERE t.status = 'approved' AND t.effective_from <= ${businessDate}::date
        ORDER BY t.effective_from DESC LIMIT 1
      ), dutied AS (
        SELECT h.bank_account_id, h.highest_balance_poisha AS high, f.id AS table_id,
          (SELECT s.duty_poisha FROM excise_duty_slab s
           WHERE s.table_id = f.id AND (s.highest_balance_poisha_max IS NULL OR h.highest_balance_poisha <= s.highest_balance_poisha_max)
           ORDER BY s.position LIMIT 1) AS duty
        FROM account_year_high h CROSS JOIN in_force f
        WHERE h.year = ${year}
      )`;
    // The accounts to charge are locked first, in one order, so the balance the next statement
    // reads (a fresh snapshot, after the lock) is the one the charge is taken from.
    await tx.execute(sql`
      WITH ${dutied}
      SELECT la.code FROM ledger_account la
      WHERE la.code IN (SELECT bank_account_id FROM dutied WHERE duty > 0)
      ORDER BY la.code FOR UPDATE OF la`);
    const planned = await tx.execute<{ rows: number }>(sql`
      WITH ${dutied}, later AS (
        SELECT p.ledger_account_code AS code, sum(p.amount_poisha) AS moved
        FROM posting p
        WHERE p.created_at >= ${endOfBusinessDate(businessDate)} AND p.ledger_account_code IN (SELECT bank_account_id FROM dutied WHERE duty > 0)
        GROUP BY p.ledger_account_code
      ), priced AS (
        SELECT d.*, least(d.duty, greatest(0, least(la.balance_poisha, la.balance_poisha - coalesce(l.moved, 0)))) AS charged
        FROM dutied d
        JOIN ledger_account la ON la.code = d.bank_account_id
        LEFT JOIN later l ON l.code = d.bank_account_id
        WHERE d.duty > 0
      ), inserted AS (
        INSERT INTO excise_duty_charge (bank_account_id, year, business_date, table_id, highest_balance_poisha, duty_poisha, charged_poisha, due_poisha, journal_entry_id)
        SELECT bank_account_id, ${year}, ${businessDate}::date, table_id, high, duty, charged, duty - charged, CASE WHEN charged > 0 THEN gen_random_uuid() END
        FROM priced
        RETURNING 1
      )
      SELECT count(*)::int AS rows FROM inserted`);
    const thisDate = sql`c.business_date = ${businessDate}::date AND c.journal_entry_id IS NOT NULL`;
    await tx.execute(sql`
      INSERT INTO journal_entry (id, kind, memo, params, reference_id, created_at)
      SELECT c.journal_entry_id, 'excise_charged', 'Excise duty charged for ' || c.year,
             jsonb_build_object('amountPoisha', c.charged_poisha::text, 'duePoisha', c.due_poisha::text, 'year', c.year::text),
             'excise:' || c.bank_account_id || ':' || c.year, ${postedAt}
      FROM excise_duty_charge c WHERE ${thisDate}`);
    await tx.execute(sql`
      WITH moved AS (
        UPDATE ledger_account la SET balance_poisha = la.balance_poisha - c.charged_poisha
        FROM excise_duty_charge c WHERE ${thisDate} AND la.code = c.bank_account_id
        RETURNING la.code, la.balance_poisha AS after, c.journal_entry_id, c.charged_poisha
      )
      INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha, created_at)
      SELECT journal_entry_id, code, -charged_poisha, after, ${postedAt} FROM moved ORDER BY code`);
    await tx.execute(sql`
      WITH lines AS (
        SELECT c.journal_entry_id, c.charged_poisha AS amount, c.bank_account_id FROM excise_duty_charge c WHERE ${thisDate}
      ), updated AS (
        UPDATE ledger_account la SET balance_poisha = la.balance_poisha + (SELECT coalesce(sum(amount), 0) FROM lines)
        WHERE la.code = ${bankAccounts.exciseDutyPayable} AND EXISTS (SELECT 1 FROM lines)
        RETURNING la.balance_poisha - (SELECT sum(amount) FROM lines) AS before
      )
      INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha, created_at)
      SELECT l.journal_entry_id, ${bankAccounts.exciseDutyPayable}, l.amount, u.before + sum(l.amount) OVER (ORDER BY l.bank_account_id), ${postedAt}
      FROM lines l CROSS JOIN updated u
      ORDER BY l.bank_account_id`);
    return { rows: Number(planned.rows[0]?.rows ?? 0) };
  },
};
