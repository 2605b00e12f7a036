import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger';
import { approveAccount, balanceOf, call, declineBody, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;
let aliceAccount: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app);
  bob = await registerCustomer(harness.app);
  aliceAccount = await requestAccount(harness.app, alice);
  await approveAccount(harness.app, staff, aliceAccount);
});
afterAll(async () => harness.close());

const requestDeposit = (cookie: string | undefined, body: Record<string, unknown>) => call(harness.app, 'PUT', '/api/depositReq', cookie, body);

async function depositCount(): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM deposit_request`);
  return Number(result.rows[0]?.count);
}

describe('deposit request', () => {
  it('is pending until staff approve it, then credits the account once', async () => {
    const response = await requestDeposit(alice.cookie, { accNum: aliceAccount, depositAmount: '25,000.75', userAmount: 5, depStatus: 'success', email: alice.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.any(String), reference: expect.stringMatching(/^\w{4}-\w{4}/) });
    const depositId = response.json().insertedId;
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(0);
    const account = await call(harness.app, 'GET', `/api/singleAccDetails/${aliceAccount}`, alice.cookie);
    expect(account.json().depositReq).toBe('pending');

    const list = await call(harness.app, 'GET', '/api/dashDepoShow?status=pending', staff);
    expect(list.json().find((deposit: { _id: string }) => deposit._id === depositId)).toMatchObject({ depositAmount: 25000.75, depStatus: 'pending', accNum: aliceAccount });

    expect((await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId, accNum: aliceAccount })).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(25000.75);
    const again = await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId, accNum: aliceAccount });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(25000.75);
    expect((await call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, declineBody)).statusCode).toBe(409);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, totalBalancePoisha: 0n });
  });

  it('credits once when two staff approve at the same time', async () => {
    const before = await balanceOf(harness.app, alice.cookie, aliceAccount);
    const depositId = (await requestDeposit(alice.cookie, { accNum: aliceAccount, depositAmount: 100 })).json().insertedId;
    const approvals = await Promise.all([1, 2, 3].map(() => call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId })));
    expect(approvals.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(before + 100);
  });

  it('keeps at most 5 requests waiting per account, even when 30 arrive at once, and at most 10,00,000 BDT each', async () => {
    const carol = await registerCustomer(harness.app);
    const carolAccount = await requestAccount(harness.app, carol);
    await approveAccount(harness.app, staff, carolAccount);
    const tooLarge = await requestDeposit(carol.cookie, { accNum: carolAccount, depositAmount: '1000000.01' });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.fields.depositAmount).toBe('Deposit amount must be at most 10,00,000.00 BDT per request');
    const answers = await Promise.all(Array.from({ length: 30 }, () => requestDeposit(carol.cookie, { accNum: carolAccount, depositAmount: 1_000_000 })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(25);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toMatchObject({ code: 'too_many_pending', fields: { accNum: expect.stringContaining('5 deposit requests') } });
    const waiting = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM deposit_request WHERE bank_account_id = ${carolAccount}`);
    expect(Number(waiting.rows[0]?.count)).toBe(5);
  });

  it('refuses bad input, foreign and inactive accounts, and writes nothing', async () => {
    const before = await depositCount();
    for (const [body, field] of [
      [{ accNum: aliceAccount, depositAmount: 0 }, 'depositAmount'],
      [{ accNum: aliceAccount, depositAmount: '1.001' }, 'depositAmount'],
      [{ accNum: aliceAccount }, 'depositAmount'],
      [{ accNum: 'abc', depositAmount: 5 }, 'accNum'],
    ] as const) {
      const response = await requestDeposit(alice.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields[field]).toBeTruthy();
    }
    expect((await requestDeposit(bob.cookie, { accNum: aliceAccount, depositAmount: 5 })).statusCode).toBe(404);
    expect((await requestDeposit(undefined, { accNum: aliceAccount, depositAmount: 5 })).statusCode).toBe(401);
    const pending = await requestAccount(harness.app, bob);
    expect((await requestDeposit(bob.cookie, { accNum: pending, depositAmount: 5 })).json().error).toMatchObject({ code: 'account_not_active', fields: { accNum: expect.any(String) } });
    expect(await depositCount()).toBe(before);
  });

  it('lets staff decline a pending request; customers cannot use staff calls', async () => {
    const depositId = (await requestDeposit(alice.cookie, { accNum: aliceAccount, depositAmount: 50 })).json().insertedId;
    expect((await call(harness.app, 'PUT', '/api/userDepositUpdate', alice.cookie, { id: depositId })).statusCode).toBe(403);
    expect((await call(harness.app, 'GET', '/api/dashDepoShow', alice.cookie)).statusCode).toBe(403);
    expect((await call(harness.app, 'GET', '/api/dashDepoShow', undefined)).statusCode).toBe(401);
    expect((await call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, declineBody)).json()).toEqual({ deletedCount: 1 });
    expect((await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId })).json().error.code).toBe('already_declined');
  });
});
