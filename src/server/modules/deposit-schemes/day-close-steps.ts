import { sql } from 'drizzle-orm';
import { dpsMissesAllowed, dpsPayout, dpsRetryDays } from '../../../shared/interest/savings-scheme';
import { addCalendarDays } from '../../../shared/dates';
import type { Transaction } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { jsonAnswer, type WritePart, writeTogether } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import type { DayCloseStep } from '../day-close/day-close-step';
import { lockAccounts, lockedBalancesOf } from '../accounts/accounts.repository';
import { bankAccounts, type JournalRequest, journalWriteOf } from '../ledger/ledger';
import { noticesWriteFrom } from '../notices/notices.repository';
import { raiseNotices } from '../notices/notices.service';
import { termDepositMaturedNotice } from '../notices/term-deposit-notice';
import { type DpsRow, dpsColumns, dpsPayoutPostings, paidInstalmentsOf } from './deposit-schemes.service';
import { missNoticeRows, retryingNoticeRows } from './dps-notices';

type DueInstalment = { scheme_id: string; number: number; account_id: string; instalment_poisha: string; due_day: string };

/**
 * Takes every instalment of an active scheme that is due on `businessDate` or still within its
 * retry days (due on one of the three days before), when the account holds it; tells the customer
 * of each instalment due today that could not be taken; then marks missed those whose last try was
 * today, and makes defaulted every scheme past its allowed misses, whose remaining instalments are
 * never taken, telling the customer of each miss or default. A few statements for any number of
 * schemes, and a second run for the date changes and tells nothing.
 */
export async function takeDpsInstalments(tx: Transaction, businessDate: string): Promise<{ rows: number }> {
  const taken = await payDueInstalments(tx, businessDate);
  await writeTogether(tx, [noticesWriteFrom(retryingNoticeRows(businessDate, new Date()))]);
  const missed = await markMissedInstalments(tx, businessDate);
  return { rows: taken + missed };
}

/**
 * The paying part of `takeDpsInstalments`. An account with several instalments due pays them in
 * order of due day while its balance lasts; an account that is not active pays none. The due rows
 * read and locked, the accounts locked, one journal write, one update of the paid rows.
 */
async function payDueInstalments(tx: Transaction, businessDate: string): Promise<number> {
  const firstTried = addCalendarDays(businessDate, -dpsRetryDays);
  const due = await tx.execute<DueInstalment>(sql`
    SELECT i.scheme_id::text AS scheme_id, i.number, s.account_id, s.instalment_poisha::text AS instalment_poisha, i.due_day::text AS due_day
    FROM dps_instalment i JOIN dps_scheme s ON s.id = i.scheme_id
    WHERE i.status = 'due' AND i.due_day BETWEEN ${firstTried}::date AND ${businessDate}::date AND s.status = 'active'
    ORDER BY s.account_id, i.due_day, i.scheme_id, i.number
    FOR UPDATE OF i`);
  if (due.rows.length === 0) return 0;
  const locked = await lockAccounts(
    tx,
    due.rows.map((row) => row.account_id),
  );
  const left = new Map([...locked.values()].filter((account) => account.status === 'active').map((account) => [account.id, BigInt(account.balance_poisha)]));
  const requests: JournalRequest[] = [];
  const paid: Array<{ scheme: string; number: number }> = [];
  for (const row of due.rows) {
    const amount = BigInt(row.instalment_poisha);
    const balance = left.get(row.account_id);
    if (balance === undefined || balance < amount) continue;
    left.set(row.account_id, balance - amount);
    requests.push({
      movement: { kind: 'dps_instalment', amountPoisha: amount.toString(), instalment: String(row.number) },
      referenceId: row.scheme_id,
      postings: [
        { accountCode: row.account_id, amountPoisha: -amount },
        { accountCode: bankAccounts.dpsDeposits, amountPoisha: amount },
      ],
    });
    paid.push({ scheme: row.scheme_id, number: Number(row.number) });
  }
  if (requests.length === 0) return 0;
  const journal = await journalWriteOf(tx, requests, lockedBalancesOf(locked.values()));
  await writeTogether(tx, [journal.write]);
  const rows = paid.map((instalment, index) => ({ ...instalment, reference: journal.posted[index]?.reference ?? '' }));
  const updated = await tx.execute(sql`
    UPDATE dps_instalment AS i SET status = 'paid', paid_day = ${businessDate}::date, reference = p.reference
    FROM ${jsonRows(rows, sql`scheme uuid, number int, reference text`)} AS p
    WHERE i.scheme_id = p.scheme AND i.number = p.number AND i.status = 'due'`);
  assertInvariant(Number(updated.rowCount ?? rows.length) === rows.length, 'every instalment taken is marked paid');
  return rows.length;
}

/**
 * Marks missed every instalment of an active scheme whose last try was `businessDate`, counts
 * them on their schemes, defaults a scheme past its allowed misses and stops its remaining
 * instalments, and tells each customer: one statement, whose notices are selected from the rows
 * it changed (`missNoticeRows`), so they exist exactly when the change does. Answers how many
 * instalments were missed.
 */
async function markMissedInstalments(tx: Transaction, businessDate: string): Promise<number> {
  const firstTried = addCalendarDays(businessDate, -dpsRetryDays);
  let missed = 0;
  const misses: WritePart = {
    steps: [
      [
        'dps_missed',
        sql`
        UPDATE dps_instalment AS i SET status = 'missed' FROM dps_scheme s
        WHERE s.id = i.scheme_id AND s.status = 'active' AND i.status = 'due' AND i.due_day <= ${firstTried}::date
        RETURNING i.scheme_id, i.number, i.due_day`,
      ],
      ['dps_miss_counts', sql`SELECT scheme_id, count(*)::int AS misses FROM dps_missed GROUP BY scheme_id`],
      [
        'dps_counted',
        sql`
        UPDATE dps_scheme AS s SET missed_count = s.missed_count + c.misses,
          status = CASE WHEN s.missed_count + c.misses > ${dpsMissesAllowed} THEN 'defaulted' ELSE s.status END
        FROM dps_miss_counts c WHERE s.id = c.scheme_id
        RETURNING s.id, s.owner_user_id, s.holder_name, s.account_id, s.reference, s.instalment_poisha, s.missed_count, s.status, s.maturity_day, s.early_rate_basis_points`,
      ],
      // A defaulted scheme takes no more instalments: the rest are stopped, not missed. The rows
      // just missed are due before `firstTried` in this statement's snapshot, so none is in both.
      [
        'dps_stopped',
        sql`
        UPDATE dps_instalment AS i SET status = 'stopped' FROM dps_counted c
        WHERE c.status = 'defaulted' AND i.scheme_id = c.id AND i.status = 'due' AND i.due_day > ${firstTried}::date
        RETURNING 1`,
      ],
    ],
    answer: sql`json_build_object('missed', (SELECT count(*)::int FROM dps_missed), 'schemes', (SELECT count(*)::int FROM dps_miss_counts), 'counted', (SELECT count(*)::int FROM dps_counted))`,
    check: (answer) => {
      const counts = jsonAnswer<{ missed: number; schemes: number; counted: number }>(answer);
      assertInvariant(Number(counts.counted) === Number(counts.schemes), 'every scheme with a miss has it counted');
      missed = Number(counts.missed);
    },
  };
  await writeTogether(tx, [misses, noticesWriteFrom(missNoticeRows(new Date()))]);
  return missed;
}

/**
 * Pays every scheme, active or defaulted, whose maturity day is on or before `businessDate`, on
 * its maturity day: the instalments paid with their interest, less source tax, to its account.
 * An active scheme earns its own rate, a defaulted one the early-closure rate, each instalment
 * from its due day (or the day it was taken, if later) by `dpsPayout`, the function the quote's
 * figure equals when every instalment was paid on time. Interest is recognised when paid, from
 * interest expense, the tax to the revenue, as the FDR's maturity does (record 083).
 */
export async function matureDpsSchemes(tx: Transaction, businessDate: string): Promise<{ rows: number }> {
  const due = await tx.execute<DpsRow & { has_tin: boolean }>(sql`
    SELECT ${dpsColumns}, EXISTS (SELECT 1 FROM customer_tax_identity t WHERE t.user_id = dps_scheme.owner_user_id) AS has_tin
    FROM dps_scheme WHERE status IN ('active', 'defaulted') AND maturity_day <= ${businessDate}::date
    ORDER BY id FOR UPDATE`);
  if (due.rows.length === 0) return { rows: 0 };
  const instalments = await tx.execute<{ scheme_id: string; status: 'paid'; due_day: string; paid_day: string }>(sql`
    SELECT scheme_id::text AS scheme_id, status, due_day::text AS due_day, paid_day::text AS paid_day FROM dps_instalment
    WHERE status = 'paid' AND scheme_id IN (SELECT id FROM dps_scheme WHERE status IN ('active', 'defaulted') AND maturity_day <= ${businessDate}::date)
    ORDER BY scheme_id, number`);
  const paidBy = new Map<string, typeof instalments.rows>();
  for (const row of instalments.rows) paidBy.set(row.scheme_id, [...(paidBy.get(row.scheme_id) ?? []), row]);
  const requests: JournalRequest[] = [];
  const closed: Array<{ id: string; day: string; interest: string; tax: string; paid: string }> = [];
  for (const row of due.rows) {
    const rate = row.status === 'active' ? row.annual_rate_basis_points : row.early_rate_basis_points;
    const hasTin = row.has_tin === true || String(row.has_tin) === 'true';
    const payout = dpsPayout(paidInstalmentsOf(row, paidBy.get(row.id) ?? []), row.maturity_day, BigInt(rate), hasTin);
    requests.push({
      movement: { kind: 'dps_payout', amountPoisha: payout.paidPoisha.toString(), interestPoisha: payout.interestPoisha.toString(), taxPoisha: payout.taxPoisha.toString(), why: 'maturity' },
      referenceId: row.id,
      postings: dpsPayoutPostings(payout, row.account_id),
    });
    closed.push({ id: row.id, day: payout.payoutDay, interest: payout.interestPoisha.toString(), tax: payout.taxPoisha.toString(), paid: payout.paidPoisha.toString() });
  }
  const journal = await journalWriteOf(tx, requests);
  await writeTogether(tx, [journal.write]);
  const updated = await tx.execute(sql`
    UPDATE dps_scheme AS d SET status = 'matured', closed_day = c.day::date, interest_poisha = c.interest, tax_poisha = c.tax, paid_poisha = c.paid
    FROM ${jsonRows(closed, sql`id uuid, day text, interest bigint, tax bigint, paid bigint`)} AS c
    WHERE d.id = c.id AND d.status IN ('active', 'defaulted')`);
  assertInvariant(Number(updated.rowCount ?? closed.length) === closed.length, 'every due scheme is paid');
  await tx.execute(sql`
    UPDATE dps_instalment AS i SET status = 'stopped' FROM ${jsonRows(closed, sql`id uuid`)} AS c WHERE i.scheme_id = c.id AND i.status = 'due'`);
  // Each customer is told in the transaction that paid the scheme: a close rolled back tells nobody.
  await raiseNotices(
    tx,
    due.rows.map((row, index) => {
      const figures = closed[index];
      assertInvariant(figures?.id === row.id, 'a paid scheme for every due row, in order');
      return termDepositMaturedNotice(row, figures, 'dps', 'paid');
    }),
  );

  return { rows: due.rows.length };
}

/** The DPS's work in the day close, after the FDR's: instalments first, so a last instalment taken late still counts at a maturity the same day. */
export const dpsInstalmentsStep: DayCloseStep = { name: 'dps-instalments', run: takeDpsInstalments };
export const dpsMaturityStep: DayCloseStep = { name: 'dps-maturity', run: matureDpsSchemes };
export const depositSchemeDayCloseSteps: readonly DayCloseStep[] = [dpsInstalmentsStep, dpsMaturityStep];
