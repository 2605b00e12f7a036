import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import type { DayCloseStep } from './day-close-step';

/**
 * The instant a business date ends, as SQL: Dhaka's midnight after `businessDate`. A posting
 * belongs to the date its transaction began on (its `created_at` is the transaction's `now()`),
 * so the closing balance of a date is today's balance less what postings of later dates moved
 * (record 080).
 */
export const endOfBusinessDate = (businessDate: string) => sql`((${businessDate}::date + 1)::timestamp AT TIME ZONE 'Asia/Dhaka')`;

/**
 * Accrues one day's interest for every active account whose type has terms in force on the date,
 * on the date's closing balance, exactly as `dailyInterest` in `src/shared/interest/accrual.ts`
 * (the highest tier reached applies to the whole balance; nothing below the minimum to earn),
 * naming the terms version in force; and raises the account's highest closing balance of the
 * year. Two statements for all accounts; the accrual's primary key refuses a second accrual of a
 * day.
 */
export const accrueInterestStep: DayCloseStep = {
  name: 'accrue-interest',
  async run(tx: Transaction, businessDate: string) {
    const accrued = await tx.execute<{ rows: number }>(sql`
      WITH later AS (
        SELECT p.ledger_account_code AS code, sum(p.amount_poisha) AS moved
        FROM posting p
        WHERE p.created_at >= ${endOfBusinessDate(businessDate)}
        GROUP BY p.ledger_account_code
      ), terms AS (
        SELECT DISTINCT ON (t.account_type) t.id, t.account_type, t.balance_to_earn_poisha_min
        FROM interest_terms t
        WHERE t.effective_from <= ${businessDate}::date
        ORDER BY t.account_type, t.effective_from DESC
      ), closing AS (
        SELECT a.id, t.id AS terms_id, t.balance_to_earn_poisha_min AS earn_min, la.balance_poisha - coalesce(l.moved, 0) AS balance
        FROM bank_account a
        JOIN ledger_account la ON la.code = a.id
        JOIN terms t ON t.account_type = a.account_type
        LEFT JOIN later l ON l.code = a.id
        WHERE a.status = 'active'
      ), rated AS (
        SELECT c.id, c.terms_id, c.balance,
          CASE WHEN c.balance < c.earn_min OR c.balance <= 0 THEN 0
               ELSE coalesce((SELECT r.annual_rate_basis_points FROM interest_terms_tier r
                              WHERE r.terms_id = c.terms_id AND r.balance_poisha_min <= c.balance
                              ORDER BY r.balance_poisha_min DESC LIMIT 1), 0) END AS rate
        FROM closing c
      ), inserted AS (
        INSERT INTO interest_accrual (bank_account_id, business_date, terms_id, closing_balance_poisha, annual_rate_basis_points, accrued_units)
        SELECT id, ${businessDate}::date, terms_id, balance, rate, balance * rate FROM rated
        RETURNING bank_account_id, closing_balance_poisha
      ), highs AS (
        INSERT INTO account_year_high (bank_account_id, year, highest_balance_poisha)
        SELECT bank_account_id, extract(year FROM ${businessDate}::date)::int, closing_balance_poisha FROM inserted
        ON CONFLICT (bank_account_id, year) DO UPDATE
          SET highest_balance_poisha = excluded.highest_balance_poisha
          -- Only a new high is written: on most days most balances make none, and a row rewritten
          -- every day for every account would be a million dead rows a day for the vacuum.
          WHERE excluded.highest_balance_poisha > account_year_high.highest_balance_poisha
        RETURNING 1
      )
      SELECT count(*)::int AS rows FROM inserted
    `);
    return { rows: Number(accrued.rows[0]?.rows ?? 0) };
  },
};
