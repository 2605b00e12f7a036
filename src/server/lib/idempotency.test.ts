import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../modules/ledger/ledger';
import { deleteExpiredIdempotencyRecords } from './idempotency';
import { accountRequestBody, call, declineBody, depositApproved, openFundedAccount, requestAccount, type Customer } from '../test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signInStaff, uploadAvatar, type TestApp } from '../test-support/test-app';

/**
 * The web app sends every money action and staff decision with one Idempotency-Key per
 * confirmed operation and resends it when the answer is lost. These tests send the same key
 * twice at once (as a double tap or an early retry would) and then once more (as the client's
 * settling resend does): every action must happen once, and both the duplicate and the late
 * resend must receive the first answer.
 */
let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
});
afterAll(async () => harness.close());

type Method = 'POST' | 'PUT' | 'DELETE';

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(query);
  return Number(result.rows[0]?.count);
}

/** Two sends with one key within the same millisecond, then the settling resend; answers the settled body. */
async function sendTwiceThenSettle(cookie: string, method: Method, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const headers = { 'idempotency-key': `test-${randomUUID()}` };
  const pair = await Promise.all([call(harness.app, method, url, cookie, body, headers), call(harness.app, method, url, cookie, body, headers)]);
  // A duplicate waits for the first to commit and gets its answer: never a second action.
  expect(pair.map((response) => response.statusCode)).toEqual([200, 200]);
  expect(pair[1]?.json()).toEqual(pair[0]?.json());
  const settled = await call(harness.app, method, url, cookie, body, headers);
  expect(settled.statusCode).toBe(200);
  expect(settled.json()).toEqual(pair[0]?.json());
  return settled.json() as Record<string, unknown>;
}

async function uploadPassport(cookie: string): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie } });
  return response.json().data.url;
}

const loanBody = async (customer: Customer, accountId: string) => ({
  loan: 'personal',
  accNum: accountId,
  income: 60000,
  company: 'Jamuna Traders',
  lAmount: 20000,
  lDuration: '12',
  document: await uploadPassport(customer.cookie),
  documentKind: 'salary-certificate',
});

describe('one key, one action: customer requests and money movements', () => {
  it('requests an account once', async () => {
    const image = await uploadAvatar(harness.app, alice.cookie);
    const before = await count(sql`SELECT count(*)::int AS count FROM bank_account WHERE owner_user_id = ${alice.userId}`);
    const answer = await sendTwiceThenSettle(alice.cookie, 'POST', '/api/requestedUsers', accountRequestBody(alice, { img: image, user: 'Alice Rahman' }));
    expect(answer.insertedId).toMatch(/^\d{13}$/);
    expect(await count(sql`SELECT count(*)::int AS count FROM bank_account WHERE owner_user_id = ${alice.userId}`)).toBe(before + 1);
  });

  it('requests a deposit, a card and a loan once each', async () => {
    const accountId = await openFundedAccount(harness.app, alice, staff, 0, { user: 'Alice Rahman' });
    await sendTwiceThenSettle(alice.cookie, 'PUT', '/api/depositReq', { accNum: accountId, depositAmount: 500 });
    expect(await count(sql`SELECT count(*)::int AS count FROM deposit_request WHERE bank_account_id = ${accountId}`)).toBe(1);
    await sendTwiceThenSettle(alice.cookie, 'POST', '/api/cardsReq', { card: 'debit', accNum: accountId });
    expect(await count(sql`SELECT count(*)::int AS count FROM card WHERE bank_account_id = ${accountId}`)).toBe(1);
    await sendTwiceThenSettle(alice.cookie, 'POST', '/api/loanReq', await loanBody(alice, accountId));
    expect(await count(sql`SELECT count(*)::int AS count FROM loan WHERE bank_account_id = ${accountId}`)).toBe(1);
  });

  it('transfers and repays once, with the journal entry as the reference', async () => {
    const aliceAccount = await openFundedAccount(harness.app, alice, staff, 50_000, { user: 'Alice Rahman' });
    const bobAccount = await openFundedAccount(harness.app, bob, staff, 0, { user: 'Bob Hossain', role: 'Current' });
    const entriesBefore = await count(sql`SELECT count(*)::int AS count FROM journal_entry`);
    const transfer = await sendTwiceThenSettle(alice.cookie, 'PUT', '/api/userMoneyTrans', { id: aliceAccount, confirmedName: 'Bob Hossain', accNum: bobAccount, sendAmount: 100 });
    expect(transfer).toMatchObject({ acknowledged: true, amount: 49_900 });
    expect(await count(sql`SELECT count(*)::int AS count FROM journal_entry`)).toBe(entriesBefore + 1);

    const loanId = (await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, aliceAccount))).json().insertedId as string;
    expect((await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId })).statusCode).toBe(200);
    const repayment = await sendTwiceThenSettle(alice.cookie, 'PUT', '/api/lInfoUpdate', { id: loanId, accNum: aliceAccount, amount: 600 });
    expect(repayment).toMatchObject({ acknowledged: true, tLAmount: 20_000, repaid: false });
    expect(repayment.insertedId).toEqual(expect.any(String));
    expect(await count(sql`SELECT count(*)::int AS count FROM journal_entry WHERE kind = 'loan_repayment' AND reference_id = ${loanId}`)).toBe(1);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
  });
});

describe('one key, one decision: staff', () => {
  const auditCount = (subjectId: string) => count(sql`SELECT count(*)::int AS count FROM audit_event WHERE subject_id = ${subjectId}`);

  it('approves and declines account requests once', async () => {
    const toApprove = await requestAccount(harness.app, bob, { user: 'Bob Hossain' });
    await sendTwiceThenSettle(staff, 'PUT', `/api/userStatusUpdate/${toApprove}`, {});
    expect(await auditCount(toApprove)).toBe(1);
    const toDecline = await requestAccount(harness.app, bob, { user: 'Bob Hossain' });
    await sendTwiceThenSettle(staff, 'DELETE', `/api/requestedUsersDelete/${toDecline}`, declineBody);
    expect(await auditCount(toDecline)).toBe(1);
  });

  it('approves a deposit once: the money arrives once', async () => {
    const accountId = await openFundedAccount(harness.app, bob, staff, 0, { user: 'Bob Hossain' });
    const depositId = (await call(harness.app, 'PUT', '/api/depositReq', bob.cookie, { accNum: accountId, depositAmount: 750 })).json().insertedId as string;
    await sendTwiceThenSettle(staff, 'PUT', '/api/userDepositUpdate', { id: depositId, accNum: accountId });
    const balance = (await call(harness.app, 'GET', `/api/singleAccDetails/${accountId}`, bob.cookie)).json().amount;
    expect(balance).toBe(750);
    const toDecline = (await call(harness.app, 'PUT', '/api/depositReq', bob.cookie, { accNum: accountId, depositAmount: 10 })).json().insertedId as string;
    await sendTwiceThenSettle(staff, 'DELETE', `/api/userDepositDelete/${toDecline}`, declineBody);
    expect(await auditCount(toDecline)).toBe(1);
  });

  it('issues and declines cards, approves and declines loans once', async () => {
    const accountId = await openFundedAccount(harness.app, bob, staff, 0, { user: 'Bob Hossain' });
    const cardId = (await call(harness.app, 'POST', '/api/cardsReq', bob.cookie, { card: 'credit', accNum: accountId })).json().insertedId as string;
    await sendTwiceThenSettle(staff, 'PUT', '/api/dashCardCredit', { id: cardId });
    await sendTwiceThenSettle(staff, 'DELETE', '/api/dashCardDelete', { id: cardId });
    expect(await auditCount(cardId)).toBe(2);

    const loanId = (await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, accountId))).json().insertedId as string;
    await sendTwiceThenSettle(staff, 'PUT', '/api/userLoanUpdate', { id: loanId });
    expect(await count(sql`SELECT count(*)::int AS count FROM journal_entry WHERE kind = 'loan_disbursement' AND reference_id = ${loanId}`)).toBe(1);
    const otherAccount = await openFundedAccount(harness.app, bob, staff, 0, { user: 'Bob Hossain' });
    const toDecline = (await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, otherAccount))).json().insertedId as string;
    await sendTwiceThenSettle(staff, 'DELETE', `/api/userLoanDelete/${toDecline}`, declineBody);
    expect(await auditCount(toDecline)).toBe(1);
  });

  it('disables a user once', async () => {
    const carol = await registerCustomer(harness.app);
    expect(await sendTwiceThenSettle(staff, 'DELETE', `/api/allUsers/${carol.userId}`)).toEqual({ deletedCount: 1, pendingApproval: false });
    expect(await auditCount(carol.userId)).toBe(1);
  });

  it('tells two decisions on different ids apart under one key', async () => {
    const first = await requestAccount(harness.app, bob, { user: 'Bob Hossain' });
    const second = await requestAccount(harness.app, bob, { user: 'Bob Hossain' });
    const headers = { 'idempotency-key': `test-${randomUUID()}` };
    expect((await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${first}`, staff, declineBody, headers)).statusCode).toBe(200);
    const reused = await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${second}`, staff, declineBody, headers);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency_key_reused');
    expect(await auditCount(second)).toBe(0);
  });

  it('keeps a refused decision refusable again: a 4xx releases the key', async () => {
    const accountId = await openFundedAccount(harness.app, bob, staff, 0, { user: 'Bob Hossain' });
    const headers = { 'idempotency-key': `test-${randomUUID()}` };
    const again = await call(harness.app, 'PUT', `/api/userStatusUpdate/${accountId}`, staff, {}, headers);
    expect(again.statusCode).toBe(409);
    expect((await call(harness.app, 'PUT', `/api/userStatusUpdate/${accountId}`, staff, {}, headers)).json().error.code).toBe('already_decided');
  });
});

describe('a crash in the middle of a transfer', () => {
  /** A second connection to the test's database, as another process would have. */
  async function otherConnection(): Promise<pg.Client> {
    const name = (await harness.database.db.execute<{ name: string }>(sql`SELECT current_database() AS name`)).rows[0]?.name ?? '';
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    return client;
  }

  // PGlite has one connection in one process: there is no connection to kill.
  it.runIf(process.env.DATABASE_URL)('leaves no claim behind: the retry with the same key moves the money at once, and once', async () => {
    const aliceAccount = await openFundedAccount(harness.app, alice, staff, 1_000, { user: 'Alice Rahman' });
    const bobAccount = await openFundedAccount(harness.app, bob, staff, 0, { user: 'Bob Hossain', role: 'Current' });
    const body = { id: aliceAccount, confirmedName: 'Bob Hossain', accNum: bobAccount, sendAmount: 10 };
    const headers = { 'idempotency-key': `test-${randomUUID()}` };
    const blocker = await otherConnection();
    try {
      // Hold the sender's row so the transfer stops mid-transaction, after claiming its key.
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM bank_account WHERE id = $1 FOR UPDATE', [aliceAccount]);
      const interrupted = call(harness.app, 'PUT', '/api/userMoneyTrans', alice.cookie, body, headers);
      await expect.poll(async () => (await blocker.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rows[0].n).toBe(1);
      // Nothing of the transfer is committed while it waits, not even its claim on the key, so a
      // crash at this point leaves nothing that would make a retry wait.
      expect((await blocker.query('SELECT count(*)::int AS n FROM idempotency_record WHERE key = $1', [headers['idempotency-key']])).rows[0].n).toBe(0);
      // The server's connection dies as it would when its process is killed.
      await blocker.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`);
      expect((await interrupted).statusCode).toBe(500);
      await blocker.query('ROLLBACK');
    } finally {
      await blocker.end();
    }
    const retry = await call(harness.app, 'PUT', '/api/userMoneyTrans', alice.cookie, body, headers);
    expect(retry.statusCode).toBe(200);
    expect((await call(harness.app, 'PUT', '/api/userMoneyTrans', alice.cookie, body, headers)).json()).toEqual(retry.json());
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${aliceAccount}`, alice.cookie)).json().amount).toBe(990);
  });
});

describe('expiry', () => {
  it('removes keys older than a day and keeps the rest', async () => {
    await harness.database.db.execute(sql`
      INSERT INTO idempotency_record (user_id, key, fingerprint, state, created_at)
      VALUES (${alice.userId}, 'expiry-old-0001', 'x', 'done', now() - interval '25 hours'), (${alice.userId}, 'expiry-new-0001', 'x', 'done', now() - interval '23 hours')`);
    expect(await deleteExpiredIdempotencyRecords(harness.database.db)).toBeGreaterThanOrEqual(1);
    const left = await harness.database.db.execute<{ key: string }>(sql`SELECT key FROM idempotency_record WHERE key LIKE 'expiry-%' ORDER BY key`);
    expect(left.rows.map((row) => row.key)).toEqual(['expiry-new-0001']);
  });
});

// depositApproved is the helper the rest of the suite trusts; it must still work without a key.
it('still accepts every action without a key', async () => {
  const accountId = await openFundedAccount(harness.app, alice, staff, 0, { user: 'Alice Rahman' });
  await depositApproved(harness.app, alice, staff, accountId, 5);
  expect((await call(harness.app, 'GET', `/api/singleAccDetails/${accountId}`, alice.cookie)).json().amount).toBe(5);
});
