import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import { accrualDenominator } from '../../../shared/interest/accrual';
import { inForceOn } from '../../../shared/interest/dated-table';
import { endsPostingPeriod } from '../../../shared/interest/posting-period';
import { bangladeshSourceTaxRates } from '../../../shared/interest/source-tax';
import { bankAccounts } from '../ledger/ledger';
import { endOfBusinessDate } from './accrue-interest';
import type { DayCloseStep } from './day-close-step';

/** A million accounts in fifty chunks; a chunk's locks must last far less than a transfer's 10 s statement timeout (not yet measured at this size). */
export const postingChunkAccounts = 20_000;

/**
 * On the last day of a posting period (by the terms in force that day) works out every account's
 * interest since its last posting, as `postInterest` and `taxPosting` in `src/shared/interest`
 * compute it: the exact accrual plus the last carry, rounded once half to even, the remainder
 * carried; the source tax (rates in force on the day; the savings rate when the year's highest
 * closing balance is at most 1 lakh, else by TIN) rounded half up. One statement for all
 * accounts, writing `interest_posting` rows only: it locks no balance, so transfers do not wait
 * on it. `postInterestStep` then moves the money.
 */
export const planInterestPostingStep: DayCloseStep = {
  name: 'plan-interest-posting',
  async run(tx: Transaction, businessDate: string) {
    const monthEnds = endsPostingPeriod(businessDate, 'monthly');
    const halfEnds = endsPostingPeriod(businessDate, 'half-yearly');
    if (!monthEnds) return { rows: 0 };
    const rates = inForceOn(bangladeshSourceTaxRates, businessDate);
    // Whole numbers of our own, written into the statement: a bigint parameter is not sent as one by every driver.
    const denominator = sql.raw(String(accrualDenominator));
    const planned = await tx.execute<{ rows: number }>(sql`
      WITH terms AS (
        SELECT DISTINCT ON (t.account_type) t.account_type, t.posting
        FROM interest_terms t WHERE t.effective_from <= ${businessDate}::date
        ORDER BY t.account_type, t.effective_from DESC
      ), posting_types AS (
        SELECT account_type FROM terms WHERE posting = 'monthly' OR (posting = 'half-yearly' AND ${halfEnds})
      ), last AS (
        SELECT DISTINCT ON (p.bank_account_id) p.bank_account_id, p.business_date, p.carried_out_units
        FROM interest_posting p WHERE p.business_date < ${businessDate}::date
        ORDER BY p.bank_account_id, p.business_date DESC
      ), accrued AS (
        SELECT ia.bank_account_id, sum(ia.accrued_units)::bigint AS units
        FROM interest_accrual ia
        JOIN bank_account a ON a.id = ia.bank_account_id
        LEFT JOIN last l ON l.bank_account_id = ia.bank_account_id
        WHERE a.account_type IN (SELECT account_type FROM posting_types)
          AND ia.business_date <= ${businessDate}::date
          AND (l.business_date IS NULL OR ia.business_date > l.business_date)
        GROUP BY ia.bank_account_id
      ), due AS (
        SELECT ac.bank_account_id, ac.units, coalesce(l.carried_out_units, 0) AS carry,
               ac.units + coalesce(l.carried_out_units, 0) AS due,
               floor((ac.units + coalesce(l.carried_out_units, 0))::numeric / ${denominator})::bigint AS whole
        FROM accrued ac LEFT JOIN last l ON l.bank_account_id = ac.bank_account_id
      ), rounded AS (
        SELECT d.*, d.whole + CASE WHEN 2 * (d.due - d.whole * ${denominator}) > ${denominator} THEN 1
                                   WHEN 2 * (d.due - d.whole * ${denominator}) = ${denominator} THEN abs(d.whole % 2)
                                   ELSE 0 END AS posted
        FROM due d
      ), taxed AS (
        SELECT r.*,
          CASE WHEN a.account_type IN ('savings', 'student') AND coalesce(h.highest_balance_poisha, 0) <= ${sql.raw(String(rates.smallSavingsBalancePoishaMax))} THEN ${sql.raw(String(rates.smallSavingsPercent))}
               WHEN ti.tin IS NOT NULL THEN ${sql.raw(String(rates.withTinPercent))}
               ELSE ${sql.raw(String(rates.withoutTinPercent))} END::int AS percent
        FROM rounded r
        JOIN bank_account a ON a.id = r.bank_account_id
        LEFT JOIN account_year_high h ON h.bank_account_id = r.bank_account_id AND h.year = extract(year FROM ${businessDate}::date)::int
        LEFT JOIN customer_tax_identity ti ON ti.user_id = a.owner_user_id
      ), inserted AS (
        INSERT INTO interest_posting (bank_account_id, business_date, accrued_units, carried_in_units, posted_poisha, carried_out_units, tax_percent, tax_poisha, journal_entry_id)
        SELECT bank_account_id, ${businessDate}::date, units, carry, posted, due - posted * ${denominator}, percent, (posted * percent + 50) / 100,
               CASE WHEN posted > 0 THEN gen_random_uuid() END
        FROM taxed
        RETURNING 1
      )
      SELECT count(*)::int AS rows FROM inserted`);
    return { rows: Number(planned.rows[0]?.rows ?? 0) };
  },
};

/**
 * Posts the interest `planInterestPostingStep` worked out: one journal entry per account, interest
 * expense → customer, customer → source tax payable, dated at the end of the business date so the
 * posted interest is part of that date's closing balance (record 080). In chunks of
 * `chunkAccounts` accounts, each its own transaction of four statements: a chunk locks its
 * accounts' balances until it commits, so a transfer to one of them waits for a chunk, not for a
 * million accounts.
 */
export const postInterestInChunksOf = (chunkAccounts: number): DayCloseStep => ({
  name: 'post-interest',
  async run(tx: Transaction, businessDate: string) {
    if (!endsPostingPeriod(businessDate, 'monthly')) return { rows: 0 };
    const postedAt = sql`(${endOfBusinessDate(businessDate)} - interval '1 microsecond')`;
    const dated = sql`ip.business_date = ${businessDate}::date AND ip.journal_entry_id IS NOT NULL`;
    // Chunks go in account order and each commits whole, so what is left is every planned
    // posting from the first one without its journal entry: this chunk is the next range of them.
    const range = await tx.execute<{ first: string | null; last: string | null }>(sql`
      SELECT min(id) AS first, max(id) AS last FROM (
        SELECT ip.bank_account_id AS id FROM interest_posting ip
        WHERE ${dated} AND NOT EXISTS (SELECT 1 FROM journal_entry j WHERE j.id = ip.journal_entry_id)
        ORDER BY ip.bank_account_id LIMIT ${chunkAccounts}
      ) chunk`);
    const { first, last } = range.rows[0] ?? { first: null, last: null };
    if (first === null || last === null) {
      const posted = await tx.execute<{ rows: number }>(sql`SELECT count(*)::int AS rows FROM interest_posting ip WHERE ${dated}`);
      return { rows: Number(posted.rows[0]?.rows ?? 0) };
    }
    const thisDate = sql`${dated} AND ip.bank_account_id BETWEEN ${first} AND ${last}`;
    await tx.execute(sql`
      INSERT INTO journal_entry (id, kind, memo, params, reference_id, created_at)
      SELECT ip.journal_entry_id, 'interest_posted', 'Interest posted, source tax withheld',
             jsonb_build_object('amountPoisha', ip.posted_poisha::text, 'taxPoisha', ip.tax_poisha::text, 'taxPercent', ip.tax_percent::text),
             'interest:' || ip.bank_account_id || ':' || ip.business_date::text, ${postedAt}
      FROM interest_posting ip WHERE ${thisDate}`);
    await tx.execute(sql`
      WITH moved AS (
        UPDATE ledger_account la SET balance_poisha = la.balance_poisha + ip.posted_poisha - ip.tax_poisha
        FROM interest_posting ip WHERE ${thisDate} AND la.code = ip.bank_account_id
        RETURNING la.code, la.balance_poisha AS after, ip.journal_entry_id, ip.posted_poisha, ip.tax_poisha
      )
      INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha, created_at)
      SELECT journal_entry_id, code, amount, after, ${postedAt} FROM (
        SELECT journal_entry_id, code, posted_poisha AS amount, after + tax_poisha AS after, 1 AS position FROM moved
        UNION ALL
        SELECT journal_entry_id, code, -tax_poisha, after, 2 FROM moved WHERE tax_poisha > 0
      ) lines ORDER BY code, position`);
    await tx.execute(sql`
      WITH lines AS (
        SELECT ip.journal_entry_id, ${bankAccounts.interestExpense}::text AS code, -ip.posted_poisha AS amount, ip.bank_account_id FROM interest_posting ip WHERE ${thisDate}
        UNION ALL
        SELECT ip.journal_entry_id, ${bankAccounts.sourceTaxPayable}::text, ip.tax_poisha, ip.bank_account_id FROM interest_posting ip WHERE ${thisDate} AND ip.tax_poisha > 0
      ), totals AS (
        SELECT code, sum(amount) AS total FROM lines GROUP BY code
      ), updated AS (
        UPDATE ledger_account la SET balance_poisha = la.balance_poisha + t.total FROM totals t WHERE la.code = t.code
        RETURNING la.code, la.balance_poisha - t.total AS before
      )
      INSERT INTO posting (journal_entry_id, ledger_account_code, amount_poisha, balance_after_poisha, created_at)
      SELECT l.journal_entry_id, l.code, l.amount, u.before + sum(l.amount) OVER (PARTITION BY l.code ORDER BY l.bank_account_id), ${postedAt}
      FROM lines l JOIN updated u ON u.code = l.code
      ORDER BY l.code, l.bank_account_id`);
    return { rows: 0, more: true };
  },
});

export const postInterestStep = postInterestInChunksOf(postingChunkAccounts);
