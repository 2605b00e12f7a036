import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionReasonLengthMax } from '../../../shared/constants';
import { schema } from '../../db/client';
import { verifyLedger } from '../ledger/ledger';
import { approveAccount, balanceOf, call, openFundedAccount, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staff: string;
let alice: Customer;
let aliceAccount: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  aliceAccount = await openFundedAccount(harness.app, alice, staff, 0);
});
afterAll(async () => harness.close());

async function requestDeposit(customer: Customer, accountId: string, amount: number): Promise<string> {
  const response = await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: amount });
  if (response.statusCode !== 200) throw new Error(`deposit request failed: ${response.body}`);
  return response.json().insertedId;
}

async function auditDetailsOf(subjectId: string): Promise<Array<{ action: string; detail: Record<string, unknown> }>> {
  const rows = await harness.database.db
    .select({ action: schema.auditEvent.action, detail: schema.auditEvent.detail })
    .from(schema.auditEvent)
    .where(eq(schema.auditEvent.subjectId, subjectId));
  return rows.map((row) => ({ action: row.action, detail: row.detail as Record<string, unknown> }));
}

async function depositExists(depositId: string): Promise<boolean> {
  const result = await harness.database.db.execute(sql`SELECT 1 FROM deposit_request WHERE id = ${depositId}`);
  return result.rows.length > 0;
}

describe('the reason for a decision', () => {
  it('is kept in the audit event of a decline, trimmed', async () => {
    const depositId = await requestDeposit(alice, aliceAccount, 500);
    const response = await call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, { reason: '  The cash never reached the branch  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await auditDetailsOf(depositId)).toEqual([
      { action: 'deposit.delete', detail: { before: 'pending', after: 'deleted', accountId: aliceAccount, reason: 'The cash never reached the branch' } },
    ]);
  });

  it('is optional: without a body, or with a blank reason, the event has none', async () => {
    const first = await requestDeposit(alice, aliceAccount, 600);
    const second = await requestDeposit(alice, aliceAccount, 700);
    expect((await call(harness.app, 'DELETE', `/api/userDepositDelete/${first}`, staff)).statusCode).toBe(200);
    expect((await call(harness.app, 'DELETE', `/api/userDepositDelete/${second}`, staff, { reason: '   ' })).statusCode).toBe(200);
    for (const depositId of [first, second]) {
      const [event] = await auditDetailsOf(depositId);
      expect(event?.detail).not.toHaveProperty('reason');
    }
  });

  it('is refused when too long or not text, naming the field, and nothing is declined', async () => {
    const depositId = await requestDeposit(alice, aliceAccount, 800);
    const tooLong = await call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, { reason: 'x'.repeat(decisionReasonLengthMax + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.reason).toBe(`reason must be at most ${decisionReasonLengthMax} characters`);
    const notText = await call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, { reason: 42 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().error.fields.reason).toBe('reason must be text');
    expect(await depositExists(depositId)).toBe(true);
    expect(await auditDetailsOf(depositId)).toEqual([]);
  });

  it('is accepted by the decline of an account request and of a card request', async () => {
    const pendingAccount = await requestAccount(harness.app, alice);
    const accountDeleted = await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${pendingAccount}`, staff, { reason: 'NID does not match the photo' });
    expect(accountDeleted.json()).toEqual({ deletedCount: 1 });
    expect((await auditDetailsOf(pendingAccount))[0]?.detail.reason).toBe('NID does not match the photo');

    const cardRequest = await call(harness.app, 'POST', '/api/cardsReq', alice.cookie, { accNum: aliceAccount, card: 'debit' });
    const cardId = cardRequest.json().insertedId as string;
    const declined = await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: cardId, reason: 'One card per customer for now' });
    expect(declined.json()).toEqual({ acknowledged: true, deletedCount: 1, outcome: 'declined' });
    expect(await auditDetailsOf(cardId)).toEqual([
      { action: 'card.decline', detail: { before: 'pending', after: 'declined', accountId: aliceAccount, reason: 'One card per customer for now' } },
    ]);
  });
});

describe('the bank’s rules for every request type', () => {
  it('refuses staff approving a request on their own account, and lets another staff member approve it', async () => {
    const shirin = await registerCustomer(harness.app, { name: 'Shirin Akter' });
    const ownAccount = await openFundedAccount(harness.app, shirin, staff, 0);
    const ownPendingAccount = await requestAccount(harness.app, shirin);
    const ownDeposit = await requestDeposit(shirin, ownAccount, 1000);
    await harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, shirin.userId));
    // A staff member signs in with a code from an authenticator app (signInStaff enrols her first).
    const shirinAsStaff = await signInStaff(harness.app, shirin);

    for (const [method, url, body] of [
      ['PUT', `/api/userStatusUpdate/${ownPendingAccount}`, {}],
      ['PUT', '/api/userDepositUpdate', { id: ownDeposit }],
    ] as const) {
      const refused = await call(harness.app, method, url, shirinAsStaff, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'own_request', message: 'You cannot approve a request on your own account' });
    }
    expect(await balanceOf(harness.app, shirinAsStaff, ownAccount)).toBe(0);
    expect(await auditDetailsOf(ownDeposit)).toEqual([]);

    await approveAccount(harness.app, staff, ownPendingAccount);
    expect((await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: ownDeposit })).statusCode).toBe(200);
    expect(await balanceOf(harness.app, shirinAsStaff, ownAccount)).toBe(1000);
  });

  it('approves a request once however many staff approve it at the same moment', async () => {
    const depositId = await requestDeposit(alice, aliceAccount, 250);
    const before = await balanceOf(harness.app, alice.cookie, aliceAccount);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => answer.json().error.code === 'already_decided')).toBe(true);
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(before + 250);
    expect((await auditDetailsOf(depositId)).map((event) => event.action)).toEqual(['deposit.approve']);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
  });

  it('answers a request that does not exist with 404 for every decision', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: missing })).json().error).toMatchObject({ code: 'not_found', message: 'Deposit request was not found' });
    expect((await call(harness.app, 'DELETE', `/api/userLoanDelete/${missing}`, staff)).json().error).toMatchObject({ code: 'not_found', message: 'Loan was not found' });
    expect((await call(harness.app, 'PUT', '/api/dashCardDebit', staff, { id: missing })).json().error).toMatchObject({ code: 'not_found', message: 'Card request was not found' });
    expect((await call(harness.app, 'PUT', '/api/userStatusUpdate/2081234567897', staff, {})).json().error).toMatchObject({ code: 'not_found', message: 'Account was not found' });
  });
});
