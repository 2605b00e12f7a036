import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test-support/test-database';
import { verifyLedger } from '../ledger/ledger';
import { dailyInterest, interestOnDays, postInterest, type EarningProduct } from '../../../shared/interest/accrual';
import { highestBalancePoisha } from '../../../shared/interest/excise-duty';
import { taxPosting } from '../../../shared/interest/source-tax';
import { addCalendarDays } from '../../../shared/dates';
import { catchUpDayClose, closeBusinessDate, currentBusinessDate, dayCloseSteps } from './day-close';
import type { DayCloseStep } from './day-close-step';
import { postInterestInChunksOf, postInterestStep } from './post-interest';
import type { Transaction } from '../../db/database';
import { dhaka, move as moveIn, openAccount as openAccountIn, setBusinessDate as setBusinessDateIn } from '../../test-support/day-close-fixtures';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

/** The seeded savings terms of migration 0040, as the pure rules read them. */
const savings: EarningProduct = {
  tiers: [
    { balancePoishaMin: 0n, annualRateBasisPoints: 250n },
    { balancePoishaMin: 100_000_000n, annualRateBasisPoints: 300n },
    { balancePoishaMin: 1_000_000_000n, annualRateBasisPoints: 350n },
  ],
  balanceToEarnPoishaMin: 100_000n,
  posting: 'half-yearly',
};

const setBusinessDate = (date: string) => setBusinessDateIn(database.db, date);
const openAccount = (type: 'savings' | 'student' | 'current') => openAccountIn(database.db, type);
const move = (accountId: string, amountPoisha: bigint, at: Date) => moveIn(database.db, accountId, amountPoisha, at);

async function accruals(accountId: string) {
  const result = await database.db.execute<{ business_date: string; closing: string; units: string; terms_id: string }>(
    sql`SELECT business_date::text, closing_balance_poisha::text AS closing, accrued_units::text AS units, terms_id::text FROM interest_accrual WHERE bank_account_id = ${accountId} ORDER BY business_date`,
  );
  return result.rows.map((row) => ({ date: row.business_date, closing: BigInt(row.closing), units: BigInt(row.units), termsId: row.terms_id }));
}

/** Runs the close for every date up to `lastDate`, as the timer does just after each midnight. */
async function closeThrough(lastDate: string) {
  for (let date = await currentBusinessDate(database.db); date <= lastDate; date = addCalendarDays(date, 1)) {
    const outcome = await closeBusinessDate(database.db, undefined, dhaka(`${addCalendarDays(date, 1)}T00:05:00`));
    expect(outcome).toEqual({ businessDate: date, closed: true });
  }
}

beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM interest_accrual`);
  await database.db.execute(sql`DELETE FROM account_year_high`);
  await database.db.execute(sql`DELETE FROM day_close_step_done`);
});

describe('the day close’s accrual', () => {
  it('accrues each day on the closing balance of that date, as the pure rules do to the unit, whatever moved after the date ended', async () => {
    await setBusinessDate('2026-03-01');
    const account = await openAccount('savings');
    const small = await openAccount('savings');
    await move(account, 50_000_00n, dhaka('2026-03-01T10:00:00'));
    await move(small, 999_00n, dhaka('2026-03-01T10:00:00'));
    await move(account, 9_60_000_00n, dhaka('2026-03-03T23:59:59')); // crosses the 10-lakh tier on the 3rd
    await move(account, -30_000_00n, dhaka('2026-03-05T09:00:00'));
    // Money moved after the 6th ended while the close of the 6th has not run yet: not the 6th's.
    await move(account, 5_000_000_00n, dhaka('2026-03-07T00:00:01'));
    await closeThrough('2026-03-06');
    const closings = [50_000_00n, 50_000_00n, 10_10_000_00n, 10_10_000_00n, 9_80_000_00n, 9_80_000_00n];
    const rows = await accruals(account);
    expect(rows.map((row) => row.closing)).toEqual(closings);
    expect(rows.map((row) => row.units)).toEqual(closings.map((balance) => dailyInterest(savings, balance)));
    expect(rows.map((row) => row.units / (row.closing || 1n))).toEqual([250n, 250n, 300n, 300n, 250n, 250n]);
    // Below the minimum to earn (1,000 BDT): accrued at nothing, but kept for the year's highest balance.
    expect((await accruals(small)).map((row) => row.units)).toEqual([0n, 0n, 0n, 0n, 0n, 0n]);
    const high = await database.db.execute<{ high: string }>(sql`SELECT highest_balance_poisha::text AS high FROM account_year_high WHERE bank_account_id = ${account} AND year = 2026`);
    expect(high.rows[0]?.high).toBe(String(10_10_000_00n));
    expect(await currentBusinessDate(database.db)).toBe('2026-03-07');
    expect((await verifyLedger(database.db)).unbalancedEntries).toBe(0);
  });

  it('applies a new terms version from its effective date only, naming the version each day', async () => {
    await setBusinessDate('2026-04-29');
    const account = await openAccount('savings');
    await move(account, 20_00_000_00n, dhaka('2026-04-29T09:00:00'));
    const terms = await database.db.execute<{ id: string }>(sql`
      INSERT INTO interest_terms (account_type, effective_from, posting, balance_to_earn_poisha_min) VALUES ('savings', '2026-05-01', 'half-yearly', 100000) RETURNING id::text`);
    const newTerms = terms.rows[0]!.id;
    await database.db.execute(sql`INSERT INTO interest_terms_tier (terms_id, balance_poisha_min, annual_rate_basis_points) VALUES (${newTerms}::uuid, 0, 400)`);
    await closeThrough('2026-05-02');
    const rows = await accruals(account);
    expect(rows.map((row) => [row.date, row.termsId, row.units])).toEqual([
      ['2026-04-29', 'a6c1f0de-0000-4000-8000-000000000001', 20_00_000_00n * 300n],
      ['2026-04-30', 'a6c1f0de-0000-4000-8000-000000000001', 20_00_000_00n * 300n],
      ['2026-05-01', newTerms, 20_00_000_00n * 400n],
      ['2026-05-02', newTerms, 20_00_000_00n * 400n],
    ]);
    await database.db.execute(sql`DELETE FROM interest_accrual`);
    await database.db.execute(sql`DELETE FROM interest_terms_tier WHERE terms_id = ${newTerms}::uuid`);
    await database.db.execute(sql`DELETE FROM interest_terms WHERE id = ${newTerms}::uuid`);
  });

  it('catches up missed days one by one, in order, up to yesterday, and does not close today', async () => {
    await setBusinessDate('2026-08-10');
    const account = await openAccount('student');
    await move(account, 10_000_00n, dhaka('2026-08-10T12:00:00'));
    const outcomes = await catchUpDayClose(database.db, undefined, dhaka('2026-08-13T00:30:00'));
    expect(outcomes).toEqual([
      { businessDate: '2026-08-10', closed: true },
      { businessDate: '2026-08-11', closed: true },
      { businessDate: '2026-08-12', closed: true },
      { businessDate: '2026-08-13', closed: false, reason: 'not-due' },
    ]);
    expect((await accruals(account)).map((row) => [row.date, row.units])).toEqual(['2026-08-10', '2026-08-11', '2026-08-12'].map((date) => [date, 10_000_00n * 300n]));
    const steps = await database.db.execute<{ business_date: string }>(sql`SELECT business_date::text FROM day_close_step_done WHERE step = 'accrue-interest' ORDER BY finished_at, business_date`);
    expect(steps.rows.map((row) => row.business_date)).toEqual(['2026-08-10', '2026-08-11', '2026-08-12']);
  });

  it('does a done step once: closing a date again accrues nothing twice', async () => {
    await setBusinessDate('2026-09-01');
    const account = await openAccount('savings');
    await move(account, 10_000_00n, dhaka('2026-09-01T12:00:00'));
    await closeThrough('2026-09-01');
    await setBusinessDate('2026-09-01');
    expect(await closeBusinessDate(database.db, undefined, dhaka('2026-09-02T00:05:00'))).toEqual({ businessDate: '2026-09-01', closed: true });
    expect(await accruals(account)).toHaveLength(1);
  });
});

describe('the day close’s posting', () => {
  const student: EarningProduct = { tiers: [{ balancePoishaMin: 0n, annualRateBasisPoints: 300n }], balanceToEarnPoishaMin: 50_000n, posting: 'half-yearly' };

  async function postingOf(accountId: string, date: string) {
    const result = await database.db.execute<{ posted: string; carried: string; tax: string; percent: number; entry: string | null }>(sql`
      SELECT posted_poisha::text AS posted, carried_out_units::text AS carried, tax_poisha::text AS tax, tax_percent AS percent, journal_entry_id::text AS entry
      FROM interest_posting WHERE bank_account_id = ${accountId} AND business_date = ${date}::date`);
    const row = result.rows[0]!;
    return { posted: BigInt(row.posted), carried: BigInt(row.carried), tax: BigInt(row.tax), percent: BigInt(row.percent), entry: row.entry };
  }

  async function balance(code: string) {
    const result = await database.db.execute<{ balance: string }>(sql`SELECT balance_poisha::text AS balance FROM ledger_account WHERE code = ${code}`);
    return BigInt(result.rows[0]!.balance);
  }

  it('posts a half-year’s interest once, rounded half to even with the carry, tax at 10 % with a TIN, 15 % without, 10 % under 1 lakh; then monthly from a new version, with the carry', async () => {
    await database.db.execute(sql`DELETE FROM interest_posting`);
    await setBusinessDate('2026-06-26');
    const withTin = await openAccount('savings');
    const withoutTin = await openAccount('savings');
    const small = await openAccount('savings');
    const pupil = await openAccount('student');
    await database.db.execute(sql`INSERT INTO customer_tax_identity (user_id, tin) SELECT owner_user_id, '123456789012' FROM bank_account WHERE id = ${withTin}`);
    for (const account of [withTin, withoutTin]) await move(account, 2_00_000_00n, dhaka('2026-06-26T10:00:00'));
    await move(withoutTin, 12_345_67n, dhaka('2026-06-28T15:00:00'));
    await move(small, 99_999_99n, dhaka('2026-06-26T10:00:00'));
    await move(pupil, 7_777_77n, dhaka('2026-06-26T10:00:00'));
    const before = await balance(withoutTin);
    await closeThrough('2026-06-30');
    const days = (first: bigint, changes: Record<number, bigint> = {}) => {
      let current = first;
      return [26, 27, 28, 29, 30].map((day) => (current += changes[day] ?? 0n));
    };
    const cases = [
      { account: withTin, balances: days(2_00_000_00n), hasTin: true },
      { account: withoutTin, balances: days(2_00_000_00n, { 28: 12_345_67n }), hasTin: false },
      { account: small, balances: days(99_999_99n), hasTin: false },
    ];
    for (const { account, balances, hasTin } of cases) {
      const expected = postInterest(interestOnDays(savings, balances), 0n);
      const tax = taxPosting(expected.postedPoisha, { hasTin, accountKind: 'savings', highestBalanceInYearPoisha: highestBalancePoisha(balances) }, '2026-06-30');
      expect(await postingOf(account, '2026-06-30')).toMatchObject({ posted: expected.postedPoisha, carried: expected.carriedInterest, tax: tax.taxPoisha, percent: tax.ratePercent });
    }
    expect((await postingOf(withTin, '2026-06-30')).percent).toBe(10n);
    expect((await postingOf(withoutTin, '2026-06-30')).percent).toBe(15n);
    expect((await postingOf(small, '2026-06-30')).percent).toBe(10n);
    const posted = await postingOf(withoutTin, '2026-06-30');
    expect(await balance(withoutTin)).toBe(before + posted.posted - posted.tax);
    // The statement reads the entry's postings: interest in, then the tax out, the balance after each.
    const lines = await database.db.execute<{ amount: string; after: string }>(
      sql`SELECT amount_poisha::text AS amount, balance_after_poisha::text AS after FROM posting WHERE journal_entry_id = ${posted.entry}::uuid AND ledger_account_code = ${withoutTin} ORDER BY id`,
    );
    expect(lines.rows).toEqual([
      { amount: String(posted.posted), after: String(before + posted.posted) },
      { amount: String(-posted.tax), after: String(before + posted.posted - posted.tax) },
    ]);

    // From July the student account posts monthly under a new version; June's carry goes into July.
    const june = postInterest(interestOnDays(student, days(7_777_77n)), 0n);
    expect(await postingOf(pupil, '2026-06-30')).toMatchObject({ posted: june.postedPoisha, carried: june.carriedInterest });
    const terms = await database.db.execute<{ id: string }>(sql`
      INSERT INTO interest_terms (account_type, effective_from, posting, balance_to_earn_poisha_min) VALUES ('student', '2026-07-01', 'monthly', 50000) RETURNING id::text`);
    await database.db.execute(sql`INSERT INTO interest_terms_tier (terms_id, balance_poisha_min, annual_rate_basis_points) VALUES (${terms.rows[0]!.id}::uuid, 0, 325)`);
    await move(pupil, 1_000_00n, dhaka('2026-07-15T11:00:00'));
    await closeThrough('2026-07-31');
    const julyBalances = Array.from({ length: 31 }, (_, index) => (index < 14 ? 7_777_77n : 8_777_77n) + june.postedPoisha - (june.postedPoisha * 10n) / 100n);
    const july = postInterest(interestOnDays({ ...student, tiers: [{ balancePoishaMin: 0n, annualRateBasisPoints: 325n }] }, julyBalances), june.carriedInterest);
    expect(await postingOf(pupil, '2026-07-31')).toMatchObject({ posted: july.postedPoisha, carried: july.carriedInterest });
    expect(await verifyLedger(database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
    await database.db.execute(sql`DELETE FROM interest_accrual`);
    await database.db.execute(sql`DELETE FROM interest_accrual WHERE terms_id = ${terms.rows[0]!.id}::uuid`);
    await database.db.execute(sql`DELETE FROM interest_terms_tier WHERE terms_id = ${terms.rows[0]!.id}::uuid`);
    await database.db.execute(sql`DELETE FROM interest_terms WHERE id = ${terms.rows[0]!.id}::uuid`);
  });
});

describe('the day close’s posting in chunks', () => {
  it('posts two accounts per chunk, fails after the first chunk, and the rerun posts each account once, as the pure rules do', async () => {
    await database.db.execute(sql`DELETE FROM interest_posting WHERE business_date >= '2026-11-27'`);
    await setBusinessDate('2026-11-28');
    const accounts: string[] = [];
    for (const balance of [1_000_00n, 2_00_000_00n, 3_33_333_33n, 12_00_000_00n, 50_000_00n]) {
      const account = await openAccount('savings');
      await move(account, balance, dhaka('2026-11-28T09:00:00'));
      accounts.push(account);
    }
    // Monthly terms from the 28th, so the 30th ends a posting period for these accounts.
    const terms = await database.db.execute<{ id: string }>(sql`
      INSERT INTO interest_terms (account_type, effective_from, posting, balance_to_earn_poisha_min) VALUES ('savings', '2026-11-28', 'monthly', 100000) RETURNING id::text`);
    await database.db.execute(sql`INSERT INTO interest_terms_tier (terms_id, balance_poisha_min, annual_rate_basis_points) VALUES (${terms.rows[0]!.id}::uuid, 0, 500)`);
    const inChunks = postInterestInChunksOf(2);
    let chunks = 0;
    const failingAfterOneChunk = {
      name: inChunks.name,
      async run(tx: Transaction, businessDate: string) {
        const done = await inChunks.run(tx, businessDate);
        if (done.more && ++chunks === 2) throw new Error('the process died after its first chunk committed');
        return done;
      },
    };
    const steps = (post: DayCloseStep) => dayCloseSteps.map((step) => (step.name === postInterestStep.name ? post : step));
    await expect(catchUpDayClose(database.db, steps(failingAfterOneChunk), dhaka('2026-12-01T00:05:00'))).rejects.toThrow('first chunk committed');
    const entries = async () =>
      (
        await database.db.execute<{ count: number }>(
          sql`SELECT count(*)::int AS count FROM interest_posting ip JOIN journal_entry j ON j.id = ip.journal_entry_id WHERE ip.business_date = '2026-11-30'`,
        )
      ).rows[0]!.count;
    const planned = async () =>
      (await database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM interest_posting WHERE business_date = '2026-11-30' AND journal_entry_id IS NOT NULL`)).rows[0]!.count;
    expect(await entries()).toBe(2);
    expect(await catchUpDayClose(database.db, steps(inChunks), dhaka('2026-12-01T00:05:00'))).toEqual([
      { businessDate: '2026-11-30', closed: true },
      { businessDate: '2026-12-01', closed: false, reason: 'not-due' },
    ]);
    expect(await entries()).toBe(await planned());
    expect(await planned()).toBeGreaterThanOrEqual(4); // these four, and accounts of the tests before; the smallest is below the minimum to earn
    const monthly: EarningProduct = { tiers: [{ balancePoishaMin: 0n, annualRateBasisPoints: 500n }], balanceToEarnPoishaMin: 100_000n, posting: 'monthly' };
    for (const account of accounts) {
      const balance = BigInt((await database.db.execute<{ b: string }>(sql`SELECT closing_balance_poisha::text AS b FROM interest_accrual WHERE bank_account_id = ${account} LIMIT 1`)).rows[0]!.b);
      const expected = postInterest(interestOnDays(monthly, [balance, balance, balance]), 0n);
      const posted = await database.db.execute<{ posted: string }>(sql`SELECT posted_poisha::text AS posted FROM interest_posting WHERE bank_account_id = ${account} AND business_date = '2026-11-30'`);
      expect(BigInt(posted.rows[0]!.posted)).toBe(expected.postedPoisha);
    }
    const problems = await verifyLedger(database.db);
    expect([problems.unbalancedEntries, problems.mismatchedAccounts, problems.totalBalancePoisha]).toEqual([0, 0, 0n]);
    await database.db.execute(sql`DELETE FROM interest_accrual WHERE terms_id = ${terms.rows[0]!.id}::uuid`);
    await database.db.execute(sql`DELETE FROM interest_terms_tier WHERE terms_id = ${terms.rows[0]!.id}::uuid`);
    await database.db.execute(sql`DELETE FROM interest_terms WHERE id = ${terms.rows[0]!.id}::uuid`);
  });
});
