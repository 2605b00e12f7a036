import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bangladeshExciseTables, exciseDutyPoisha } from '../../../shared/interest/excise-duty';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { dhaka, move as moveIn, openAccount as openAccountIn, setBusinessDate as setBusinessDateIn } from '../../test-support/day-close-fixtures';
import { createTestApp, registerCustomer, signInStaff, staffAuthenticator, type TestApp } from '../../test-support/test-app';
import { freshTotpCode } from '../../test-support/two-factor';
import { closeBusinessDate, currentBusinessDate } from '../day-close/day-close';
import { verifyLedger } from '../ledger/ledger';
import { addCalendarDays } from '../../../shared/dates';

let harness: TestApp;
let staffA: string;
let staffB: string;
let staffBEmail: string;
const db = () => harness.database.db;
const setBusinessDate = (date: string) => setBusinessDateIn(db(), date);
const openAccount = (type: 'savings' | 'current' = 'savings') => openAccountIn(db(), type);
const move = (accountId: string, amountPoisha: bigint, at: Date) => moveIn(db(), accountId, amountPoisha, at);

beforeAll(async () => {
  harness = await createTestApp();
  staffA = await signInStaff(harness.app);
  const second = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
  await db().update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, second.userId));
  staffB = await signInStaff(harness.app, { email: second.email, password: second.password });
  staffBEmail = second.email;
});
afterAll(async () => harness.close());

const bdt = (whole: bigint) => whole * 100n;
const lakh = (count: bigint) => bdt(count * 100_000n);
const crore = (count: bigint) => lakh(count * 100n);

/** Runs the close of every date from the business date through `lastDate`, as the timer does just after each midnight. */
async function closeThrough(lastDate: string) {
  for (let date = await currentBusinessDate(db()); date <= lastDate; date = addCalendarDays(date, 1)) {
    expect(await closeBusinessDate(db(), undefined, dhaka(`${addCalendarDays(date, 1)}T00:05:00`))).toEqual({ businessDate: date, closed: true });
  }
}

async function balance(code: string): Promise<bigint> {
  const result = await db().execute<{ balance: string }>(sql`SELECT balance_poisha::text AS balance FROM ledger_account WHERE code = ${code}`);
  return BigInt(result.rows[0]!.balance);
}

type Charge = { duty: bigint; charged: bigint; due: bigint; high: bigint; entry: string | null };
async function chargesOf(year: number): Promise<Map<string, Charge>> {
  const result = await db().execute<{ account: string; duty: string; charged: string; due: string; high: string; entry: string | null }>(sql`
    SELECT bank_account_id AS account, duty_poisha::text AS duty, charged_poisha::text AS charged, due_poisha::text AS due, highest_balance_poisha::text AS high, journal_entry_id::text AS entry
    FROM excise_duty_charge WHERE year = ${year}::int`);
  return new Map(result.rows.map((row) => [row.account, { duty: BigInt(row.duty), charged: BigInt(row.charged), due: BigInt(row.due), high: BigInt(row.high), entry: row.entry }]));
}

const healthyLedger = { unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n };

describe('the excise duty tables', () => {
  it('are seeded as the pure rule’s tables, slab for slab', async () => {
    const result = await db().execute<{ effective_from: string; up_to: string | null; duty: string }>(sql`
      SELECT t.effective_from::text AS effective_from, s.highest_balance_poisha_max::text AS up_to, s.duty_poisha::text AS duty
      FROM excise_duty_table t JOIN excise_duty_slab s ON s.table_id = t.id WHERE t.status = 'approved' ORDER BY t.effective_from, s.position`);
    const seeded = bangladeshExciseTables.flatMap((table) =>
      table.slabs.map((slab) => ({ effective_from: table.from, up_to: slab.highestBalancePoishaMax?.toString() ?? null, duty: slab.dutyPoisha.toString() })),
    );
    expect(result.rows).toEqual(seeded);
  });

  it('takes a new table from one staff member for a future date and its approval from another, never rewriting one in force', async () => {
    await setBusinessDate('2026-11-29');
    const slabs = [
      { upTo: '5,00,000', duty: 0 },
      { upTo: 1_000_000, duty: '750' },
      { upTo: null, duty: '25000.50' },
    ];
    const propose = (body: Record<string, unknown>) => call(harness.app, 'POST', '/api/exciseDutyTables', staffA, body);
    const past = await propose({ effectiveFrom: '2026-11-29', slabs, reason: 'Finance Act 2027-28' });
    expect(past.statusCode).toBe(400);
    expect(Object.keys(past.json().error.fields)).toEqual(['effectiveFrom']);
    const unordered = await propose({
      effectiveFrom: '2027-07-01',
      slabs: [
        { upTo: 500_000, duty: 0 },
        { upTo: 400_000, duty: 150 },
        { upTo: null, duty: 500 },
      ],
      reason: 'Typo',
    });
    expect(unordered.statusCode).toBe(400);
    expect(Object.keys(unordered.json().error.fields)).toEqual(['slabs']);
    const unbounded = await propose({ effectiveFrom: '2027-07-01', slabs: [{ upTo: 500_000, duty: 0 }], reason: 'No last slab' });
    expect(unbounded.statusCode).toBe(400);
    const negative = await propose({ effectiveFrom: '2027-07-01', slabs: [{ upTo: null, duty: -5 }], reason: 'Negative' });
    expect(Object.keys(negative.json().error.fields)).toEqual(['slabs.0.duty']);
    expect((await db().execute(sql`SELECT 1 FROM excise_duty_table WHERE status = 'pending'`)).rows).toHaveLength(0);

    const proposed = await propose({ effectiveFrom: '2027-07-01', slabs, reason: 'Finance Act 2027-28' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const id = proposed.json().insertedId as string;
    const own = await call(harness.app, 'PUT', `/api/exciseDutyTables/${id}/approve`, staffA, {}, { 'second-factor-code': await freshTotpCode(staffAuthenticator()) });
    expect(own.statusCode).toBe(403);
    const approved = await call(harness.app, 'PUT', `/api/exciseDutyTables/${id}/approve`, staffB, {}, { 'second-factor-code': await freshTotpCode(staffAuthenticator(staffBEmail)) });
    expect(approved.statusCode, approved.body).toBe(200);
    const again = await call(harness.app, 'PUT', `/api/exciseDutyTables/${id}/decline`, staffB, {});
    expect(again.statusCode).toBe(409);
    const listed = await call(harness.app, 'GET', '/api/exciseDutyTables?status=approved', staffA);
    expect(listed.json()[0]).toMatchObject({
      _id: id,
      effectiveFrom: '2027-07-01',
      status: 'approved',
      slabs: [
        { upTo: 500_000, duty: 0 },
        { upTo: 1_000_000, duty: 750 },
        { upTo: null, duty: 25_000.5 },
      ],
      proposedBy: 'Bank Staff',
      decidedBy: 'Nasrin Sultana',
    });
    expect(listed.headers['x-total-count']).toBe('3');
    // A second table from the same day is refused: that day's duty would be undecided.
    expect(Object.keys((await propose({ effectiveFrom: '2027-07-01', slabs, reason: 'Again' })).json().error.fields)).toEqual(['effectiveFrom']);

    // A proposal whose date the bank reaches before anyone approves it can only be declined.
    const late = (await propose({ effectiveFrom: '2026-12-15', slabs, reason: 'Too late' })).json().insertedId as string;
    await setBusinessDate('2026-12-15');
    const tooLate = await call(harness.app, 'PUT', `/api/exciseDutyTables/${late}/approve`, staffB, {}, { 'second-factor-code': await freshTotpCode(staffAuthenticator(staffBEmail)) });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.code).toBe('excise_table_too_late');
    expect((await call(harness.app, 'GET', '/api/exciseDutyTables', (await registerCustomer(harness.app)).cookie)).statusCode).toBe(403);

    // The year's end after the new table's date charges by it: 5,00,000.01 BDT pays 750 BDT.
    await setBusinessDate('2027-12-31');
    const account = await openAccount();
    await move(account, lakh(5n) + 1n, dhaka('2027-12-31T10:00:00'));
    await db().execute(sql`INSERT INTO account_year_high (bank_account_id, year, highest_balance_poisha) VALUES (${account}, 2027, ${lakh(5n) + 1n})`);
    await closeThrough('2027-12-31');
    expect((await chargesOf(2027)).get(account)).toMatchObject({ duty: bdt(750n), charged: bdt(750n), due: 0n });
    expect(await verifyLedger(db())).toMatchObject(healthyLedger);
  });
});

describe('the day close’s excise step', () => {
  it('charges every account its slab’s duty on 31 December, at each boundary to the poisha, once, balanced, the trial balance still zero', async () => {
    await db().execute(sql`DELETE FROM day_close_step_done`);
    await setBusinessDate('2025-12-31');
    const bounds = [lakh(3n), lakh(5n), lakh(10n), lakh(50n), crore(1n), crore(2n), crore(5n)];
    const expectedBdt = [0n, 150n, 150n, 500n, 500n, 3_000n, 3_000n, 5_000n, 5_000n, 10_000n, 10_000n, 20_000n, 20_000n, 50_000n];
    const highs = bounds.flatMap((bound) => [bound, bound + 1n]);
    const accounts: string[] = [];
    for (const high of highs) {
      const account = await openAccount();
      accounts.push(account);
      await move(account, high, dhaka('2025-12-31T10:00:00'));
      // 2025 has no interest terms, so nothing accrues to keep its highest balance: it is written here.
      await db().execute(sql`INSERT INTO account_year_high (bank_account_id, year, highest_balance_poisha) VALUES (${account}, 2025, ${high})`);
    }
    const payableBefore = await balance('bank:excise-duty-payable');
    await closeThrough('2025-12-31');
    const charges = await chargesOf(2025);
    highs.forEach((high, index) => {
      const account = accounts[index]!;
      const duty = bdt(expectedBdt[index]!);
      expect(exciseDutyPoisha(high, '2025-12-31')).toBe(duty);
      if (duty === 0n) expect(charges.has(account)).toBe(false);
      else expect(charges.get(account)).toMatchObject({ high, duty, charged: duty, due: 0n });
    });
    for (const [index, account] of accounts.entries()) expect(await balance(account)).toBe(highs[index]! - bdt(expectedBdt[index]!));
    const total = expectedBdt.reduce((sum, duty) => sum + bdt(duty), 0n);
    expect((await balance('bank:excise-duty-payable')) - payableBefore).toBe(total);

    // One entry per charged account, two postings summing to zero, the customer's line with its balance after.
    const entries = await db().execute<{ id: string; total: string; lines: number; kind: string; params: { amountPoisha: string; year: string } }>(sql`
      SELECT e.id::text, e.kind, e.params, sum(p.amount_poisha)::text AS total, count(*)::int AS lines
      FROM journal_entry e JOIN posting p ON p.journal_entry_id = e.id WHERE e.kind = 'excise_charged' AND e.params->>'year' = '2025' GROUP BY e.id`);
    expect(entries.rows).toHaveLength(13);
    for (const entry of entries.rows) expect(entry).toMatchObject({ total: '0', lines: 2, kind: 'excise_charged', params: { year: '2025' } });

    // Closed again, the date charges nothing twice.
    await setBusinessDate('2025-12-31');
    await closeThrough('2025-12-31');
    expect((await chargesOf(2025)).size).toBe(13);
    expect((await db().execute(sql`SELECT 1 FROM journal_entry WHERE kind = 'excise_charged' AND params->>'year' = '2025'`)).rows).toHaveLength(13);

    expect(await verifyLedger(db())).toMatchObject(healthyLedger);
    for (const date of ['', '?date=2025-12-31']) {
      const trial = await call(harness.app, 'GET', `/api/trialBalance${date}`, staffA);
      expect(trial.statusCode).toBe(200);
      expect(trial.json()).toMatchObject({ differencePoisha: '0' });
      expect(trial.json().totalDebitPoisha).toBe(trial.json().totalCreditPoisha);
    }
    const onTheDay = (await call(harness.app, 'GET', '/api/trialBalance?date=2025-12-31', staffA)).json() as { lines: Array<{ code: string; creditPoisha: string }> };
    expect(BigInt(onTheDay.lines.find((line) => line.code === 'bank:excise-duty-payable')!.creditPoisha)).toBeGreaterThanOrEqual(total);

    // The staff page's sums of the year: every account paid in full, nothing left to collect.
    const summary = await call(harness.app, 'GET', '/api/exciseDutySummary', staffA);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().years.find((row: { year: number }) => row.year === 2025)).toEqual({
      year: 2025,
      accounts: 13,
      duty: Number(total) / 100,
      charged: Number(total) / 100,
      collected: 0,
      due: 0,
    });
  });

  it('takes no more than the account holds, records the rest as due, and charges on 31 December only', async () => {
    await setBusinessDate('2026-12-30');
    const short = await openAccount();
    // A current account earns nothing: emptied, it has nothing to pay with.
    const empty = await openAccount('current');
    await move(short, lakh(6n), dhaka('2026-12-30T10:00:00'));
    await move(short, -(lakh(6n) - bdt(100n)), dhaka('2026-12-31T09:00:00'));
    await move(empty, lakh(4n), dhaka('2026-12-30T10:00:00'));
    await move(empty, -lakh(4n), dhaka('2026-12-31T09:00:00'));
    await closeThrough('2026-12-30');
    expect((await chargesOf(2026)).size).toBe(0);
    await closeThrough('2026-12-31');
    const charges = await chargesOf(2026);
    const posted = await db().execute<{ posted: string; tax: string }>(sql`
      SELECT posted_poisha::text AS posted, tax_poisha::text AS tax FROM interest_posting WHERE bank_account_id = ${short} AND business_date = '2026-12-31'`);
    const held = bdt(100n) + BigInt(posted.rows[0]!.posted) - BigInt(posted.rows[0]!.tax);
    // The interest posted that day is there to pay part of it; the account is left at zero, never below.
    expect(charges.get(short)).toMatchObject({ high: lakh(6n), duty: bdt(500n), charged: held, due: bdt(500n) - held });
    expect(await balance(short)).toBe(0n);
    expect(charges.get(empty)).toMatchObject({ high: lakh(4n), duty: bdt(150n), charged: 0n, due: bdt(150n), entry: null });
    const line = await db().execute<{ amount: string; after: string }>(sql`
      SELECT amount_poisha::text AS amount, balance_after_poisha::text AS after FROM posting WHERE journal_entry_id = ${charges.get(short)!.entry}::uuid AND ledger_account_code = ${short}`);
    expect(line.rows).toEqual([{ amount: String(-held), after: '0' }]);
    expect(await verifyLedger(db())).toMatchObject(healthyLedger);
  });
});
