import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../../shared/dates';
import { formatBdt, formatBdtIn } from '../../../shared/money';
import { call, openFundedAccount } from '../../test-support/banking';
import { pdfText } from '../../test-support/pdf-text';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { closeBusinessDate, currentBusinessDate } from '../day-close/day-close';
import { verifyLedger } from '../ledger/ledger';

let harness: TestApp;
let alice: Awaited<ReturnType<typeof registerCustomer>>;
let bob: Awaited<ReturnType<typeof registerCustomer>>;
let aliceAccount: string;
const db = () => harness.database.db;
const dhaka = (local: string) => new Date(`${local}+06:00`);

/** What the day close posted to the account in 2026: interest, the source tax withheld and the excise duty taken. */
let posted: { interest: bigint; tax: bigint; excise: bigint };

beforeAll(async () => {
  harness = await createTestApp();
  const staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
  aliceAccount = await openFundedAccount(harness.app, alice, staff, 400_000, { user: 'Alice Rahman' });
  await db().execute(sql`INSERT INTO customer_tax_identity (user_id, tin) VALUES (${alice.userId}, '123456789012')`);
  // The year's last three days closed, as the timer closes each just after midnight: interest is
  // posted on 31 December and then the excise duty of the year's highest balance (4 lakh: 150 BDT).
  await db().execute(sql`UPDATE business_date SET business_date = '2026-12-29'`);
  for (let date = await currentBusinessDate(db()); date <= '2026-12-31'; date = addCalendarDays(date, 1)) {
    expect(await closeBusinessDate(db(), undefined, dhaka(`${addCalendarDays(date, 1)}T00:05:00`))).toMatchObject({ closed: true });
  }
  const interest = await db().execute<{ posted: string; tax: string }>(sql`
    SELECT sum(posted_poisha)::text AS posted, sum(tax_poisha)::text AS tax FROM interest_posting WHERE bank_account_id = ${aliceAccount}`);
  const excise = await db().execute<{ charged: string }>(sql`SELECT charged_poisha::text AS charged FROM excise_duty_charge WHERE bank_account_id = ${aliceAccount} AND year = 2026`);
  posted = { interest: BigInt(interest.rows[0]!.posted), tax: BigInt(interest.rows[0]!.tax), excise: BigInt(excise.rows[0]!.charged) };
});
afterAll(async () => harness.close());

const certificate = (cookie: string, query: string, account = aliceAccount) => call(harness.app, 'GET', `/api/accountStatement/${account}/tax-certificate?${query}`, cookie);

describe('GET /api/accountStatement/:id/tax-certificate', () => {
  it('gives the holder the year’s interest, source tax and excise duty as the day close posted them, in English and in Bangla', async () => {
    expect(posted.interest).toBeGreaterThan(0n);
    expect(posted.tax).toBe((posted.interest * 10n + 50n) / 100n);
    expect(posted.excise).toBe(15_000n);
    const english = await certificate(alice.cookie, 'year=2026&language=en');
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(`attachment; filename="tax-certificate-2026-${aliceAccount}.pdf"`);
    const text = pdfText(english.rawPayload);
    for (const expected of [
      'Tax Certificate 2026',
      'Alice Rahman',
      aliceAccount,
      '•••• •••• 9012',
      formatBdt(posted.interest),
      formatBdt(posted.tax),
      formatBdt(posted.interest - posted.tax),
      '150.00 BDT',
      `TC-2026-${aliceAccount}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('123456789012');
    const bangla = pdfText((await certificate(alice.cookie, 'year=2026&language=bn')).rawPayload);
    expect(bangla).toContain(formatBdtIn(posted.interest, 'bn'));
    expect(bangla).toContain(formatBdtIn(posted.tax, 'bn'));
    expect(bangla).toContain(formatBdtIn(15_000n, 'bn'));
    // The statement shows the duty as its own line, in the reader's words.
    const statement = await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}`, alice.cookie);
    const lines = statement.json().lines as Array<{ kind: string; description: string; debit: number | null }>;
    expect(lines.find((line) => line.kind === 'excise_charged')).toMatchObject({ description: 'Excise duty for 2026: 150.00 BDT', debit: 150 });
    expect(await verifyLedger(db())).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('says nothing was paid or charged in a year without postings', async () => {
    const text = pdfText((await certificate(alice.cookie, 'year=2025&language=en')).rawPayload);
    expect(text).toContain('Tax Certificate 2025');
    expect(text).toContain('0.00 BDT');
    expect(text).not.toContain('150.00 BDT');
  });

  it('is not found for another customer’s account, and refuses a year that is not one, naming the field', async () => {
    expect((await certificate(bob.cookie, 'year=2026')).statusCode).toBe(404);
    expect((await certificate(bob.cookie, 'year=2026', '9999999999999')).statusCode).toBe(404);
    for (const query of ['', 'year=abc', 'year=1999', 'year=2026.5', 'year=2026&language=fr']) {
      const refused = await certificate(alice.cookie, query);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json().error.fields), query).toEqual([query.includes('language') ? 'language' : 'year']);
    }
    expect((await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/tax-certificate?year=2026`, undefined)).statusCode).toBe(401);
  });
});
