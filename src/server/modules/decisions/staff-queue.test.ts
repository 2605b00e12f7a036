import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkApprovalItemsMax } from '../../../shared/constants';
import type { BulkApprovalItem } from '../../../shared/schemas/staff-queue';
import { schema } from '../../db/client';
import { verifyLedger } from '../ledger/ledger';
import { approveAccount, balanceOf, call, declineBody, openFundedAccount, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, uploadAvatar, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staff: string;
let otherStaff: string;
let alice: Customer;
let bob: Customer;
let aliceAccount: string;
let bobAccount: string;

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier: 1_000 });
  staff = await signInStaff(harness.app);
  const second = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
  await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, second.userId));
  otherStaff = await signInStaff(harness.app, { email: second.email, password: second.password });
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
  aliceAccount = await openFundedAccount(harness.app, alice, staff, 0);
  bobAccount = await openFundedAccount(harness.app, bob, staff, 0);
});
afterAll(async () => harness.close());

async function requestDeposit(customer: Customer, accountId: string, amount: number): Promise<string> {
  const response = await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: amount });
  if (response.statusCode !== 200) throw new Error(`deposit request failed: ${response.body}`);
  return response.json().insertedId;
}

const bulkApprove = (cookie: string, body: unknown, headers: Record<string, string> = {}) => call(harness.app, 'POST', '/api/bulkApprovals', cookie, body, headers);

async function pendingByTable(): Promise<Record<string, number>> {
  const result = await harness.database.db.execute<{ account: number; card: number; loan: number; deposit: number }>(sql`
    SELECT (SELECT count(*)::int FROM bank_account WHERE status = 'pending') AS account,
      (SELECT count(*)::int FROM card WHERE status = 'pending') AS card,
      (SELECT count(*)::int FROM loan WHERE status = 'pending') AS loan,
      (SELECT count(*)::int FROM deposit_request WHERE status = 'pending') AS deposit`);
  const [row] = result.rows;
  return { account: Number(row?.account), card: Number(row?.card), loan: Number(row?.loan), deposit: Number(row?.deposit) };
}

/** Declines what still waits, so each test starts from an empty queue of deposits. */
async function declineWaitingDeposits(): Promise<void> {
  const waiting = await harness.database.db.execute<{ id: string }>(sql`SELECT id FROM deposit_request WHERE status = 'pending'`);
  for (const { id } of waiting.rows) await call(harness.app, 'DELETE', `/api/userDepositDelete/${id}`, staff, declineBody);
}

describe('the counts of waiting requests', () => {
  it('are for staff only', async () => {
    expect((await call(harness.app, 'GET', '/api/pendingCounts', undefined)).statusCode).toBe(401);
    expect((await call(harness.app, 'GET', '/api/pendingCounts', alice.cookie)).statusCode).toBe(403);
  });

  it('answer, per kind, exactly the requests that wait, and follow each decision', async () => {
    const accountRequest = await requestAccount(harness.app, alice);
    await requestDeposit(bob, bobAccount, 100);
    const response = await call(harness.app, 'GET', '/api/pendingCounts', staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(await pendingByTable());
    expect(response.json().account).toBeGreaterThanOrEqual(1);
    const before = response.json().account as number;
    await approveAccount(harness.app, staff, accountRequest);
    const after = (await call(harness.app, 'GET', '/api/pendingCounts', staff)).json();
    expect(after.account).toBe(before - 1);
    expect(after).toEqual(await pendingByTable());
  });
});

describe('a list of waiting requests', () => {
  it('is served oldest first, while the whole list stays newest first', async () => {
    await declineWaitingDeposits();
    const first = await requestDeposit(alice, aliceAccount, 11);
    const second = await requestDeposit(bob, bobAccount, 12);
    const third = await requestDeposit(alice, aliceAccount, 13);
    const ids = (body: Array<{ _id: string }>) => body.map((deposit) => deposit._id).filter((id) => [first, second, third].includes(id));
    const waiting = await call(harness.app, 'GET', '/api/dashDepoShow?status=pending', staff);
    expect(ids(waiting.json())).toEqual([first, second, third]);
    const all = await call(harness.app, 'GET', '/api/dashDepoShow', staff);
    expect(ids(all.json())).toEqual([third, second, first]);
    const accounts = await call(harness.app, 'GET', '/api/userAccounts?status=pending', staff);
    const requested = (accounts.json() as Array<{ requestedAt: string }>).map((account) => account.requestedAt);
    expect(requested).toEqual([...requested].sort());
  });
});

describe('approving several requests at once', () => {
  it('approves each through the pipeline and answers each, a refusal inside the batch leaving the others approved', async () => {
    await declineWaitingDeposits();
    const aliceBefore = await balanceOf(harness.app, alice.cookie, aliceAccount);
    const waiting = await requestDeposit(alice, aliceAccount, 250);
    const alsoWaiting = await requestDeposit(alice, aliceAccount, 150);
    const declined = await requestDeposit(alice, aliceAccount, 999);
    expect((await call(harness.app, 'DELETE', `/api/userDepositDelete/${declined}`, staff, declineBody)).statusCode).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await bulkApprove(staff, { kind: 'deposit', ids: [waiting, declined, missing, alsoWaiting] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results).toEqual([
      { id: waiting, outcome: 'approved' },
      { id: declined, outcome: 'refused', code: 'already_declined', message: 'Deposit request was already declined' },
      { id: missing, outcome: 'refused', code: 'not_found', message: expect.stringContaining('Deposit request') },
      { id: alsoWaiting, outcome: 'approved' },
    ]);
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(aliceBefore + 400);
    const audit = await harness.database.db.select({ subjectId: schema.auditEvent.subjectId }).from(schema.auditEvent).where(eq(schema.auditEvent.action, 'deposit.approve'));
    expect(audit.filter((event) => [waiting, alsoWaiting].includes(event.subjectId))).toHaveLength(2);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
  });

  it('refuses what one approval alone would refuse: a staff member’s own account, and a payout that needs a code', async () => {
    await declineWaitingDeposits();
    // The staff member's own account request, opened as a customer would.
    const staffUser = await harness.database.db.select({ id: schema.user.id, email: schema.user.email }).from(schema.user).where(eq(schema.user.email, 'staff@bank.test'));
    const staffAsCustomer = { cookie: staff, email: staffUser[0]?.email ?? '', userId: staffUser[0]?.id ?? '', image: await uploadAvatar(harness.app, staff) };
    const ownAccount = await requestAccount(harness.app, staffAsCustomer);
    const someoneElses = await requestAccount(harness.app, bob);
    const accounts = await bulkApprove(staff, { kind: 'account', ids: [ownAccount, someoneElses] });
    expect(accounts.json().results).toEqual([
      { id: ownAccount, outcome: 'refused', code: 'own_request', message: 'You cannot approve a request on your own account' },
      { id: someoneElses, outcome: 'approved' },
    ]);

    // Above 5,00,000 BDT an approval needs a fresh code, which confirms one operation: never a batch.
    // Below it, payouts without a code count against the hour's cap: the second passes it.
    const large = await requestDeposit(alice, aliceAccount, 600_000);
    const underCap = await requestDeposit(bob, bobAccount, 300_000);
    const pastCap = await requestDeposit(bob, bobAccount, 300_000);
    const deposits = await bulkApprove(otherStaff, { kind: 'deposit', ids: [large, underCap, pastCap] });
    expect(deposits.json().results).toEqual([
      { id: large, outcome: 'refused', code: 'second_factor_required', message: expect.any(String) },
      { id: underCap, outcome: 'approved' },
      { id: pastCap, outcome: 'refused', code: 'second_factor_required', message: expect.any(String) },
    ]);
    // One at a time, without a code, the same two are refused the same way.
    for (const id of [large, pastCap]) {
      const alone = await call(harness.app, 'PUT', '/api/userDepositUpdate', otherStaff, { id });
      expect(alone.statusCode).toBe(403);
      expect(alone.json().error.code).toBe('second_factor_required');
    }
    const statuses = await harness.database.db.execute<{ id: string; status: string }>(sql`SELECT id, status FROM deposit_request WHERE id IN (${large}, ${underCap}, ${pastCap})`);
    expect(Object.fromEntries(statuses.rows.map((row) => [row.id, row.status]))).toEqual({ [large]: 'pending', [underCap]: 'success', [pastCap]: 'pending' });
  });

  it('approves nothing twice when the batch is sent again with its key, and answers it the same', async () => {
    await declineWaitingDeposits();
    const before = await balanceOf(harness.app, bob.cookie, bobAccount);
    const ids = [await requestDeposit(bob, bobAccount, 70), await requestDeposit(bob, bobAccount, 30)];
    const headers = { 'idempotency-key': 'bulk-approval-key-0001' };
    const first = await bulkApprove(staff, { kind: 'deposit', ids }, headers);
    const again = await bulkApprove(staff, { kind: 'deposit', ids }, headers);
    expect(first.json().results).toEqual(ids.map((id) => ({ id, outcome: 'approved' })));
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(harness.app, bob.cookie, bobAccount)).toBe(before + 100);
  });

  it('answers 400 naming the field for a bad batch, and approves nothing of it', async () => {
    await declineWaitingDeposits();
    const waiting = await requestDeposit(bob, bobAccount, 40);
    const tooMany = Array.from({ length: bulkApprovalItemsMax + 1 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
    const refusals: Array<[unknown, string]> = [
      [{ kind: 'transfer', ids: [waiting] }, 'kind'],
      [{ kind: 'deposit', ids: [] }, 'ids'],
      [{ kind: 'deposit', ids: tooMany }, 'ids'],
      [{ kind: 'deposit', ids: [waiting, waiting] }, 'ids.1'],
      [{ kind: 'account', ids: [waiting] }, 'ids.0'],
      [{ kind: 'deposit', ids: [waiting, 'not-an-id'] }, 'ids.1'],
      [{ kind: 'deposit', ids: 'all' }, 'ids'],
    ];
    for (const [body, field] of refusals) {
      const refused = await bulkApprove(staff, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await bulkApprove(alice.cookie, { kind: 'deposit', ids: [waiting] })).statusCode).toBe(403);
    const status = await harness.database.db.execute<{ status: string }>(sql`SELECT status FROM deposit_request WHERE id = ${waiting}`);
    expect(status.rows[0]?.status).toBe('pending');
  });

  it('approves each request once when 50 batches over the same requests race, from two staff members', async () => {
    await declineWaitingDeposits();
    const customers = [alice, bob];
    const accounts = [aliceAccount, bobAccount];
    const before = await Promise.all(customers.map((customer, index) => balanceOf(harness.app, customer.cookie, accounts[index] ?? '')));
    const deposits: Array<{ id: string; owner: number; amount: number }> = [];
    for (let index = 0; index < 8; index += 1) {
      const owner = index % 2;
      const amount = 10 + index;
      deposits.push({ id: await requestDeposit(customers[owner] ?? alice, accounts[owner] ?? '', amount), owner, amount });
    }
    // Each batch takes the requests in another order, so batches meet on them in every order.
    const batches = Array.from({ length: 50 }, (_, batch) => {
      const ids = deposits.map((deposit) => deposit.id);
      const rotated = [...ids.slice(batch % ids.length), ...ids.slice(0, batch % ids.length)];
      return bulkApprove(batch % 2 === 0 ? staff : otherStaff, { kind: 'deposit', ids: batch % 3 === 0 ? rotated.reverse() : rotated });
    });
    const answers = await Promise.all(batches);
    const results = answers.flatMap((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().results as BulkApprovalItem[];
    });
    for (const deposit of deposits) {
      const ofDeposit = results.filter((result) => result.id === deposit.id);
      expect(ofDeposit).toHaveLength(50);
      expect(ofDeposit.filter((result) => result.outcome === 'approved')).toHaveLength(1);
      for (const refused of ofDeposit.filter((result) => result.outcome === 'refused')) expect(refused).toMatchObject({ code: 'already_decided' });
    }
    for (const [owner, customer] of customers.entries()) {
      const credited = deposits.filter((deposit) => deposit.owner === owner).reduce((sum, deposit) => sum + deposit.amount, 0);
      expect(await balanceOf(harness.app, customer.cookie, accounts[owner] ?? '')).toBe((before[owner] ?? 0) + credited);
    }
    const entries = await harness.database.db.execute<{ count: number }>(sql`
      SELECT count(*)::int AS count FROM journal_entry WHERE reference_id IN (${sql.join(
        deposits.map((deposit) => sql`${deposit.id}`),
        sql`, `,
      )})`);
    expect(Number(entries.rows[0]?.count)).toBe(deposits.length);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
    expect((await call(harness.app, 'GET', '/api/pendingCounts', staff)).json()).toEqual(await pendingByTable());
  });
});
