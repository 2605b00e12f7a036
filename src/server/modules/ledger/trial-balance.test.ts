import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, dhakaDay, dhakaDayStart } from '../../../shared/dates';
import { call, openFundedAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { verifyLedger } from './ledger';

let harness: TestApp;
let staff: string;
beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
});
afterAll(async () => {
  await harness.close();
});

type Line = { code: string; debitPoisha: string; creditPoisha: string };
const trialBalanceOn = async (date?: string) => {
  const response = await call(harness.app, 'GET', `/api/trialBalance${date ? `?date=${date}` : ''}`, staff);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { asOf: string; lines: Line[]; totalDebitPoisha: string; totalCreditPoisha: string; differencePoisha: string };
};
const lineOf = (answer: { lines: Line[] }, code: string) => answer.lines.find((line) => line.code === code);

describe('GET /api/trialBalance', () => {
  it('balances after deposits and a transfer, one line per slotted account, customers as one deposits line, and as of a past day', async () => {
    const today = dhakaDay(new Date());
    const yesterday = addCalendarDays(today, -1);
    const rahima: Customer = await registerCustomer(harness.app, { name: 'Rahima Khatun' });
    const tanvir: Customer = await registerCustomer(harness.app, { name: 'Tanvir Ahmed' });
    const rahimaAccount = await openFundedAccount(harness.app, rahima, staff, 50_000);
    // Rahima's deposit is moved back to yesterday: a past day's balance must count it and nothing later.
    await harness.database.db.execute(
      sql`UPDATE posting SET created_at = ${new Date(dhakaDayStart(today).getTime() - 60_000).toISOString()}::timestamptz WHERE journal_entry_id IN (SELECT journal_entry_id FROM posting)`,
    );
    const tanvirAccount = await openFundedAccount(harness.app, tanvir, staff, 2_000, { user: 'Tanvir Ahmed', role: 'Current' });
    const sent = await call(harness.app, 'PUT', '/api/userMoneyTrans', rahima.cookie, { id: rahimaAccount, confirmedName: 'TA**** AH***', accNum: tanvirAccount, sendAmount: 1_000 });
    expect(sent.statusCode, sent.body).toBe(200);

    const now = await trialBalanceOn();
    expect(now.asOf).toBe(today);
    expect(now.differencePoisha).toBe('0');
    expect(now.totalDebitPoisha).toBe(now.totalCreditPoisha);
    expect(lineOf(now, 'customer-deposits')).toEqual({ code: 'customer-deposits', debitPoisha: '0', creditPoisha: String(52_000 * 100) });
    expect(lineOf(now, 'bank:cash')).toEqual({ code: 'bank:cash', debitPoisha: String(52_000 * 100), creditPoisha: '0' });
    // The slotted accounts are one line each, never a line per slot; every bank account is a line.
    expect(now.lines.some((line) => line.code.includes('#'))).toBe(false);
    expect(now.lines.map((line) => line.code)).toEqual(expect.arrayContaining(['bank:settlement', 'bank:fee-income', 'bank:vat-payable', 'bank:clearing-outward', 'bank:loans-receivable']));

    const past = await trialBalanceOn(yesterday);
    expect(past.asOf).toBe(yesterday);
    expect(past.differencePoisha).toBe('0');
    expect(lineOf(past, 'customer-deposits')?.creditPoisha).toBe(String(50_000 * 100));
    expect(lineOf(past, 'bank:cash')?.debitPoisha).toBe(String(50_000 * 100));
    const before = await trialBalanceOn(addCalendarDays(today, -2));
    expect(lineOf(before, 'customer-deposits')?.creditPoisha).toBe('0');
    expect(before.totalDebitPoisha).toBe('0');
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0 });
  });

  it('shows a bank account it has no name for by its code, summed over its slots', async () => {
    await harness.database.db.execute(sql`INSERT INTO ledger_account (code, kind) VALUES ('bank:stamp-duty-payable', 'bank'), ('bank:stamp-duty-payable#00', 'bank')`);
    const answer = await trialBalanceOn();
    expect(lineOf(answer, 'bank:stamp-duty-payable')).toEqual({ code: 'bank:stamp-duty-payable', debitPoisha: '0', creditPoisha: '0' });
    expect(answer.lines.filter((line) => line.code === 'bank:stamp-duty-payable')).toHaveLength(1);
  });

  it('refuses a future or malformed date with 400 naming it, and anyone but staff', async () => {
    for (const date of [addCalendarDays(dhakaDay(new Date()), 1), '2026-02-30', 'yesterday', '1999-12-31']) {
      const refused = await call(harness.app, 'GET', `/api/trialBalance?date=${date}`, staff);
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json().error.fields.date, date).toEqual(expect.any(String));
    }
    const customer = await registerCustomer(harness.app);
    expect((await call(harness.app, 'GET', '/api/trialBalance', customer.cookie)).statusCode).toBe(403);
    expect((await call(harness.app, 'GET', '/api/trialBalance', undefined)).statusCode).toBe(401);
  });
});
