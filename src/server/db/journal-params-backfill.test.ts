import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openFundedAccount } from '../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../test-support/test-app';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

/** The migration's backfill: every statement after the column is added. */
const backfill = readFileSync(new URL('../../../drizzle/0029_journal-movement-params.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .slice(1)
  .join('\n');

describe('the backfill of what each journal entry did', () => {
  it('gives entries written as English sentences alone the same data the ledger writes today', async () => {
    const staff = await signInStaff(harness.app);
    const sender = await registerCustomer(harness.app, { name: 'Rahim Uddin' });
    const receiver = await registerCustomer(harness.app, { name: 'Karim Ali' });
    const from = await openFundedAccount(harness.app, sender, staff, 2_000, { user: 'Rahim from Uddin' });
    const to = await openFundedAccount(harness.app, receiver, staff, 0, { user: 'করিম আলী', role: 'Current' });
    const sent = await call(harness.app, 'PUT', '/api/userMoneyTrans', sender.cookie, { id: from, confirmedName: 'করিম আলী', accNum: to, sendAmount: 150.5 });
    expect(sent.statusCode, sent.body).toBe(200);

    const { db } = harness.database;
    const read = async () => (await db.execute<{ id: string; params: unknown }>(sql`SELECT id::text, params FROM journal_entry ORDER BY id`)).rows;
    const written = await read();
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(written.every((row) => Object.keys(row.params as object).length > 0)).toBe(true);

    await db.execute(sql`UPDATE journal_entry SET params = '{}'::jsonb`);
    await db.execute(sql.raw(backfill));
    expect(await read()).toEqual(written);
  });
});
