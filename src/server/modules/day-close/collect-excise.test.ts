import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../../shared/dates';
import type { DatabaseHandle } from '../../db/client';
import { dhaka, move as moveIn, openAccount as openAccountIn, setBusinessDate } from '../../test-support/day-close-fixtures';
import { createTestDatabase } from '../../test-support/test-database';
import type { SignedInUser } from '../auth/signed-in-user';
import { verifyLedger } from '../ledger/ledger';
import { statementForRange } from '../statements/statements.service';
import { taxCertificateOf } from '../tax-certificates/tax-certificate.service';
import { collectExciseStep } from './collect-excise';
import { closeBusinessDate, currentBusinessDate } from './day-close';
import type { DayCloseStep } from './day-close-step';

let database: DatabaseHandle;
const db = () => database.db;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const bdt = (whole: bigint) => whole * 100n;
const healthyLedger = { unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n };
// Current accounts earn no interest, so every balance below is what the test moved and the day close took.
const openAccount = () => openAccountIn(db(), 'current');
const move = (accountId: string, amountPoisha: bigint, at: string) => moveIn(db(), accountId, amountPoisha, dhaka(at));

async function closeThrough(lastDate: string, steps?: readonly DayCloseStep[]) {
  for (let date = await currentBusinessDate(db()); date <= lastDate; date = addCalendarDays(date, 1)) {
    expect(await closeBusinessDate(db(), steps, dhaka(`${addCalendarDays(date, 1)}T00:05:00`))).toEqual({ businessDate: date, closed: true });
  }
}

async function balance(code: string): Promise<bigint> {
  const result = await db().execute<{ balance: string }>(sql`SELECT balance_poisha::text AS balance FROM ledger_account WHERE code = ${code}`);
  return BigInt(result.rows[0]!.balance);
}

async function collections(accountId: string) {
  const result = await db().execute<{ year: number; date: string; collected: string; entry: string }>(sql`
    SELECT year, business_date::text AS date, collected_poisha::text AS collected, journal_entry_id::text AS entry
    FROM excise_duty_collection WHERE bank_account_id = ${accountId} ORDER BY business_date, year`);
  return result.rows.map((row) => ({ year: row.year, date: row.date, collected: BigInt(row.collected), entry: row.entry }));
}

/** The account's holder, as the statement and the certificate see a signed-in customer. */
async function holderOf(accountId: string): Promise<SignedInUser> {
  const owner = await db().execute<{ id: string }>(sql`SELECT owner_user_id AS id FROM bank_account WHERE id = ${accountId}`);
  const id = owner.rows[0]!.id;
  return {
    id,
    email: `${id}@example.com`,
    name: 'Rahima Khatun',
    image: null,
    role: 'customer',
    mustChangePassword: false,
    language: 'en',
    twoFactorEnabled: false,
    staffAdministrator: false,
    phoneVerified: false,
  };
}

describe('the day close’s collection of excise duty still due', () => {
  let short: string;
  let twice: string;
  let owing: string;

  it('leaves a 4 lakh account emptied on 31 December with its duty due', async () => {
    await setBusinessDate(db(), '2026-12-30');
    [short, twice, owing] = [await openAccount(), await openAccount(), await openAccount()];
    for (const account of [short, twice, owing]) await move(account, bdt(400_000n), '2026-12-30T10:00:00');
    await move(short, -bdt(399_950n), '2026-12-31T09:00:00');
    await move(twice, -bdt(400_000n), '2026-12-31T09:00:00');
    await move(owing, -bdt(400_000n), '2026-12-31T09:00:00');
    await closeThrough('2026-12-31');
    const charges = await db().execute<{ account: string; charged: string; due: string }>(sql`
      SELECT bank_account_id AS account, charged_poisha::text AS charged, due_poisha::text AS due FROM excise_duty_charge WHERE year = 2026 ORDER BY bank_account_id`);
    expect(new Map(charges.rows.map((row) => [row.account, [BigInt(row.charged), BigInt(row.due)]]))).toEqual(
      new Map([
        [short, [bdt(50n), bdt(100n)]],
        [twice, [0n, bdt(150n)]],
        [owing, [0n, bdt(150n)]],
      ]),
    );
    expect(await balance(short)).toBe(0n);
  });

  it('collects the due from the next close’s balance exactly once, never what arrived after the date ended', async () => {
    const payableBefore = await balance('bank:excise-duty-payable');
    await move(short, bdt(500n), '2027-01-01T10:00:00');
    await move(twice, bdt(60n), '2027-01-01T11:00:00');
    // Arrives after 1 January ended, before its close ran: the 2nd's money, not the 1st's.
    await move(twice, bdt(40n), '2027-01-02T00:02:00');
    await closeThrough('2027-01-01');
    expect(await collections(short)).toEqual([{ year: 2026, date: '2027-01-01', collected: bdt(100n), entry: expect.any(String) }]);
    expect(await collections(twice)).toEqual([{ year: 2026, date: '2027-01-01', collected: bdt(60n), entry: expect.any(String) }]);
    expect(await collections(owing)).toEqual([]);
    expect([await balance(short), await balance(twice), await balance(owing)]).toEqual([bdt(400n), bdt(40n), 0n]);
    expect((await balance('bank:excise-duty-payable')) - payableBefore).toBe(bdt(160n));

    // The step again for the same date, and the date closed again, take nothing more.
    expect(await db().transaction((tx) => collectExciseStep.run(tx, '2027-01-01'))).toEqual({ rows: 0 });
    await setBusinessDate(db(), '2027-01-01');
    await closeThrough('2027-01-01');
    expect(await collections(short)).toHaveLength(1);
    expect(await balance(short)).toBe(bdt(400n));

    // One entry per account: the customer's line and the payable's, summing to zero.
    const entry = await db().execute<{ kind: string; params: unknown; lines: Array<{ code: string; amount: string; after: string }> }>(sql`
      SELECT e.kind, e.params, json_agg(json_build_object('code', p.ledger_account_code, 'amount', p.amount_poisha::text, 'after', p.balance_after_poisha::text) ORDER BY p.amount_poisha) AS lines
      FROM journal_entry e JOIN posting p ON p.journal_entry_id = e.id WHERE e.id = ${(await collections(short))[0]!.entry}::uuid GROUP BY e.id`);
    expect(entry.rows[0]).toMatchObject({ kind: 'excise_collected', params: { amountPoisha: '10000', duePoisha: '0', years: '2026' } });
    expect(entry.rows[0]!.lines).toEqual([
      { code: short, amount: '-10000', after: '40000' },
      { code: 'bank:excise-duty-payable', amount: '10000', after: expect.any(String) },
    ]);
    expect(await verifyLedger(db())).toMatchObject(healthyLedger);
  });

  it('collects a due over several closes until nothing is owed, and no further', async () => {
    await closeThrough('2027-01-02');
    expect((await collections(twice)).map((row) => row.collected)).toEqual([bdt(60n), bdt(40n)]);
    await move(twice, bdt(200n), '2027-01-03T10:00:00');
    await closeThrough('2027-01-04');
    expect((await collections(twice)).map((row) => [row.date, row.collected])).toEqual([
      ['2027-01-01', bdt(60n)],
      ['2027-01-02', bdt(40n)],
      ['2027-01-03', bdt(50n)],
    ]);
    expect(await balance(twice)).toBe(bdt(150n));
    expect(await verifyLedger(db())).toMatchObject(healthyLedger);
  });

  it('shows the collection on the statement and on the certificate of the year the duty was for', async () => {
    const statement = await statementForRange(db(), await holderOf(short), short, { from: '2027-01-01', to: '2027-01-01' }, 50);
    expect(statement.lines.find((line) => line.kind === 'excise_collected')).toMatchObject({ description: 'Excise duty due for 2026 collected: 100.00 BDT', debit: 100 });
    const certificate = await taxCertificateOf(db(), await holderOf(twice), twice, 2026);
    expect(certificate).toMatchObject({ exciseChargedPoisha: 0n, exciseCollectedLaterPoisha: bdt(150n), exciseDuePoisha: 0n });
    expect(await taxCertificateOf(db(), await holderOf(twice), twice, 2027)).toMatchObject({ exciseChargedPoisha: 0n, exciseCollectedLaterPoisha: 0n, exciseDuePoisha: 0n });
    expect(await taxCertificateOf(db(), await holderOf(owing), owing, 2026)).toMatchObject({ exciseCollectedLaterPoisha: 0n, exciseDuePoisha: bdt(150n) });
  });

  it('writes nothing when the step’s transaction dies, then pays the oldest year first in one entry', async () => {
    const table = await db().execute<{ id: string }>(sql`SELECT id::text FROM excise_duty_table WHERE status = 'approved' ORDER BY effective_from LIMIT 1`);
    await db().execute(sql`
      INSERT INTO excise_duty_charge (bank_account_id, year, business_date, table_id, highest_balance_poisha, duty_poisha, charged_poisha, due_poisha)
      VALUES (${owing}, 2025, '2025-12-31', ${table.rows[0]!.id}::uuid, ${bdt(400_000n)}, ${bdt(150n)}, 0, ${bdt(150n)})`);
    await move(owing, bdt(200n), '2027-01-05T10:00:00');
    const killed: DayCloseStep = {
      name: collectExciseStep.name,
      async run(tx, businessDate) {
        await collectExciseStep.run(tx, businessDate);
        throw new Error('killed in the middle of the step');
      },
    };
    const entriesBefore = await db().execute(sql`SELECT 1 FROM journal_entry WHERE kind = 'excise_collected'`);
    await expect(closeBusinessDate(db(), [killed], dhaka('2027-01-06T00:05:00'))).rejects.toThrow('killed');
    expect(await collections(owing)).toEqual([]);
    expect(await balance(owing)).toBe(bdt(200n));
    expect((await db().execute(sql`SELECT 1 FROM journal_entry WHERE kind = 'excise_collected'`)).rows).toHaveLength(entriesBefore.rows.length);
    expect((await db().execute(sql`SELECT 1 FROM day_close_step_done WHERE business_date = '2027-01-05' AND step = 'collect-excise'`)).rows).toHaveLength(0);

    await closeThrough('2027-01-05');
    const paid = await collections(owing);
    expect(paid.map((row) => [row.year, row.collected])).toEqual([
      [2025, bdt(150n)],
      [2026, bdt(50n)],
    ]);
    expect(paid[0]!.entry).toBe(paid[1]!.entry);
    const entry = await db().execute<{ params: unknown }>(sql`SELECT params FROM journal_entry WHERE id = ${paid[0]!.entry}::uuid`);
    expect(entry.rows[0]!.params).toEqual({ amountPoisha: '20000', duePoisha: '10000', years: '2025,2026' });
    expect(await balance(owing)).toBe(0n);
    expect(await verifyLedger(db())).toMatchObject(healthyLedger);
  });
});
