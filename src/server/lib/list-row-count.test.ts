import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOffsetMax, pendingAccountRequestsPerCustomerMax } from '../../shared/constants';
import { approveAccount, call, declineBody, requestAccount, type Customer } from '../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../test-support/test-app';

// X-Total-Count of every staff list comes from counters kept by triggers (migration 0004), not
// from counting the rows; these tests hold it to the real count of the rows, filter by filter.

let harness: TestApp;
let staff: string;
let alice: Customer;

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier: 1_000 });
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app);
});
afterAll(async () => harness.close());

/** Each list, and for each of its filters the rows it must count. */
const lists = [
  { url: '/api/userAccounts', table: 'bank_account', filters: { pending: `status = 'pending'`, success: `status = 'active'`, declined: `status = 'declined'` } },
  { url: '/api/dashCardReq', table: 'card', filters: { pending: `status = 'pending'`, success: `status = 'active'`, declined: `status = 'declined'`, cancelled: `status = 'cancelled'` } },
  { url: '/api/userLoanReq', table: 'loan', filters: { pending: `status = 'pending'`, success: `status = 'active'`, repaid: `status = 'repaid'`, declined: `status = 'declined'` } },
  { url: '/api/dashDepoShow', table: 'deposit_request', filters: { pending: `status = 'pending'`, success: `status = 'success'`, declined: `status = 'declined'` } },
  { url: '/api/allUsers', table: '"user"', filters: { active: 'NOT banned', disabled: 'banned' } },
  { url: '/api/contactMessages', table: 'contact_message', filters: {} },
] as const;

async function rowCount(table: string, where = 'true'): Promise<number> {
  const result = await harness.database.db.execute<{ total: number }>(sql.raw(`SELECT count(*)::int AS total FROM ${table} WHERE ${where}`));
  return Number(result.rows[0]?.total);
}

async function totalHeader(url: string): Promise<number> {
  const response = await call(harness.app, 'GET', url, staff);
  expect(response.statusCode, url).toBe(200);
  return Number(response.headers['x-total-count']);
}

/** Every list, unfiltered and with each filter, against a count of its rows. */
async function expectEveryTotalExact(): Promise<void> {
  for (const list of lists) {
    expect(await totalHeader(`${list.url}?limit=1`), list.url).toBe(await rowCount(list.table));
    for (const [status, where] of Object.entries(list.filters)) {
      expect(await totalHeader(`${list.url}?limit=1&status=${status}`), `${list.url}?status=${status}`).toBe(await rowCount(list.table, where));
    }
  }
}

const requestDeposit = (accountId: string, owner: Customer = alice) => call(harness.app, 'PUT', '/api/depositReq', owner.cookie, { accNum: accountId, depositAmount: '100.00' });

describe('X-Total-Count of the staff lists', () => {
  it('is exact for every list and filter as requests arrive, are decided and are deleted through the API', async () => {
    await expectEveryTotalExact();
    const accounts = [await requestAccount(harness.app, alice), await requestAccount(harness.app, alice), await requestAccount(harness.app, alice)];
    expect(await totalHeader('/api/userAccounts?status=pending')).toBe(3);
    await approveAccount(harness.app, staff, accounts[0]!);
    expect((await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${accounts[2]}`, staff, declineBody)).statusCode).toBe(200);
    expect(await totalHeader('/api/userAccounts?status=pending')).toBe(1);
    expect(await totalHeader('/api/userAccounts?status=success')).toBe(1);
    expect(await totalHeader('/api/userAccounts?status=declined')).toBe(1);

    const card = (await call(harness.app, 'POST', '/api/cardsReq', alice.cookie, { card: 'Debit Card', accNum: accounts[0] })).json().insertedId as string;
    expect(await totalHeader('/api/dashCardReq?status=pending')).toBe(1);
    expect((await call(harness.app, 'PUT', '/api/dashCardDebit', staff, { id: card })).statusCode).toBe(200);
    expect((await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: card, ...declineBody })).statusCode).toBe(200);
    expect(await totalHeader('/api/dashCardReq?status=cancelled')).toBe(1);

    const deposits = [await requestDeposit(accounts[0]!), await requestDeposit(accounts[0]!)].map((response) => response.json().insertedId as string);
    expect((await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: deposits[0], accNum: accounts[0] })).statusCode).toBe(200);
    expect((await call(harness.app, 'DELETE', `/api/userDepositDelete/${deposits[1]}`, staff, declineBody)).statusCode).toBe(200);
    expect(await totalHeader('/api/dashDepoShow?status=success')).toBe(1);
    expect(await totalHeader('/api/dashDepoShow?status=pending')).toBe(0);
    expect(await totalHeader('/api/dashDepoShow?status=declined')).toBe(1);

    const bob = await registerCustomer(harness.app);
    expect((await call(harness.app, 'DELETE', `/api/allUsers/${bob.userId}`, staff)).statusCode).toBe(200);
    expect(await totalHeader('/api/allUsers?status=disabled')).toBe(1);
    const contact = { fullName: 'Nasrin Akter', email: 'nasrin@example.com', contact: '+8801712345678', message: 'What is the profit rate of a savings account?' };
    expect((await harness.app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode).toBe(200);
    expect(await totalHeader('/api/contactMessages')).toBe(1);
    await expectEveryTotalExact();
  });

  it('is exact after writes that bypass the services: many rows per statement, status changes, deletes and truncation', async () => {
    const db = harness.database.db;
    const [account] = (await db.execute<{ id: string }>(sql`SELECT id FROM bank_account WHERE status = 'active' LIMIT 1`)).rows;
    expect(account).toBeDefined();
    await db.execute(sql`
      INSERT INTO loan (bank_account_id, owner_user_id, loan_type, status, amount_poisha, duration_months, interest_percent, total_poisha,
        outstanding_poisha, monthly_income_poisha, company_name, evidence, passport_url, holder_name, email, phone, nid)
      SELECT ${account!.id}, ${alice.userId}, 'car', CASE WHEN i = 1 THEN 'pending' ELSE 'repaid' END, 100000, 12, 3, 103000, 0, 600000,
        'Company', 'https://example.com', '/api/images/x', 'Rahima Khatun', ${alice.email}, '+8801712345678', '1234567890'
      FROM generate_series(1, 30) i`);
    await db.execute(sql`
      INSERT INTO contact_message (full_name, email, contact, message) SELECT 'Visitor ' || i, 'visitor@example.com', '+8801712345678', 'A question.'
      FROM generate_series(1, 500) i`);
    await db.execute(sql`
      INSERT INTO deposit_request (bank_account_id, owner_user_id, amount_poisha) SELECT ${account!.id}, ${alice.userId}, 100 * i FROM generate_series(1, 40) i`);
    await expectEveryTotalExact();
    await db.execute(sql`UPDATE deposit_request SET status = 'success' WHERE status = 'pending' AND amount_poisha > 2000`);
    await db.execute(sql`UPDATE loan SET status = 'active', outstanding_poisha = 103000 WHERE status = 'pending'`);
    await db.execute(sql`UPDATE loan SET duration_months = 24`);
    await expectEveryTotalExact();
    await db.execute(sql`DELETE FROM loan WHERE status = 'repaid'`);
    await db.execute(sql`DELETE FROM contact_message WHERE full_name LIKE 'Visitor 1%'`);
    await expectEveryTotalExact();
    await db.execute(sql`TRUNCATE contact_message`);
    expect(await totalHeader('/api/contactMessages')).toBe(0);
    await expectEveryTotalExact();
  });

  it('is exact after 50 state changes at once, each in its own transaction', async () => {
    // One customer may have only a few account requests waiting at once: fifty come from as many customers as it takes.
    const owners = await Promise.all(Array.from({ length: Math.ceil(50 / pendingAccountRequestsPerCustomerMax) }, () => registerCustomer(harness.app)));
    const ownerOf = (index: number) => owners[index % owners.length]!;
    const accounts = await Promise.all(Array.from({ length: 50 }, (_, index) => requestAccount(harness.app, ownerOf(index))));
    await expectEveryTotalExact();
    const approvals = await Promise.all(accounts.map((id) => call(harness.app, 'PUT', `/api/userStatusUpdate/${id}`, staff, {})));
    expect(approvals.map((response) => response.statusCode)).toEqual(accounts.map(() => 200));
    await expectEveryTotalExact();

    // At most five pending deposits per account: five on each of ten accounts.
    const requests = await Promise.all(accounts.slice(0, 10).flatMap((id, index) => Array.from({ length: 5 }, () => requestDeposit(id, ownerOf(index)))));
    expect(requests.map((response) => response.statusCode)).toEqual(requests.map(() => 200));
    const depositIds = requests.map((response) => response.json().insertedId as string);
    await expectEveryTotalExact();
    const decisions = await Promise.all(
      depositIds.map((id, index) =>
        index % 2 === 0 ? call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id }) : call(harness.app, 'DELETE', `/api/userDepositDelete/${id}`, staff, declineBody),
      ),
    );
    expect(decisions.map((response) => response.statusCode)).toEqual(decisions.map(() => 200));
    await expectEveryTotalExact();
  });
});

describe('how deep a staff list may page', () => {
  it(`starts a page at most ${listOffsetMax} rows in, on every list`, async () => {
    for (const url of [...lists.map((list) => list.url), `/api/auditTrail/account/2080000000000`]) {
      expect((await call(harness.app, 'GET', `${url}?offset=${listOffsetMax}`, staff)).statusCode, url).toBe(200);
      const tooDeep = await call(harness.app, 'GET', `${url}?offset=${listOffsetMax + 1}`, staff);
      expect(tooDeep.statusCode, url).toBe(400);
      expect(tooDeep.json().error.fields.offset).toMatch(/at most 10000/);
    }
  });
});
