import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionReasonLengthMax, pendingDepositsPerAccountMax } from '../../../shared/constants';
import { schema } from '../../db/client';
import { verifyLedger } from '../ledger/ledger';
import { approveAccount, balanceOf, call, openFundedAccount, requestAccount, requestLoan, type Customer } from '../../test-support/banking';
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
  const rows = await harness.database.db.select({ action: schema.auditEvent.action, detail: schema.auditEvent.detail }).from(schema.auditEvent).where(eq(schema.auditEvent.subjectId, subjectId));
  return rows.map((row) => ({ action: row.action, detail: row.detail as Record<string, unknown> }));
}

async function statusOf(table: 'deposit_request' | 'card' | 'loan' | 'bank_account', id: string): Promise<string | undefined> {
  const result = await harness.database.db.execute<{ status: string }>(sql`SELECT status FROM ${sql.identifier(table)} WHERE id = ${id}`);
  return result.rows[0]?.status;
}

describe('the reason for a decline', () => {
  it('is kept on the declined request and in the audit event, the note trimmed', async () => {
    const depositId = await requestDeposit(alice, aliceAccount, 500);
    const response = await call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, { reason: 'other', note: '  The cash never reached the branch  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await auditDetailsOf(depositId)).toEqual([
      { action: 'deposit.decline', detail: { before: 'pending', after: 'declined', accountId: aliceAccount, reason: 'other', note: 'The cash never reached the branch' } },
    ]);
    const mine = (await call(harness.app, 'GET', '/api/myDeposits', alice.cookie)).json() as Array<Record<string, unknown>>;
    expect(mine.find((deposit) => deposit._id === depositId)).toMatchObject({ depStatus: 'declined', declinedReason: 'other', declinedNote: 'The cash never reached the branch' });
  });

  it('is required, from the list, with a note for "other": each refusal names its field and nothing is declined', async () => {
    const depositId = await requestDeposit(alice, aliceAccount, 800);
    const url = `/api/userDepositDelete/${depositId}`;
    const refusals: Array<[unknown, string, string]> = [
      [undefined, 'reason', 'reason is required: choose why the request is declined'],
      [{}, 'reason', 'reason is required: choose why the request is declined'],
      [{ reason: 'because' }, 'reason', 'reason must be one of the listed decline reasons'],
      [{ reason: 42 }, 'reason', 'reason must be one of the listed decline reasons'],
      [{ reason: 'other' }, 'note', 'note is required when the reason is "other": say why the request is declined'],
      [{ reason: 'other', note: '   ' }, 'note', 'note is required when the reason is "other": say why the request is declined'],
      [{ reason: 'duplicate_request', note: 'x'.repeat(decisionReasonLengthMax + 1) }, 'note', `note must be at most ${decisionReasonLengthMax} characters`],
      [{ reason: 'duplicate_request', note: 7 }, 'note', 'note must be text'],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await call(harness.app, 'DELETE', url, staff, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.fields[field], JSON.stringify(body)).toBe(message);
    }
    expect(await statusOf('deposit_request', depositId)).toBe('pending');
    expect(await auditDetailsOf(depositId)).toEqual([]);
  });

  it('declines an account, a card, a loan and a deposit request alike, and the customer sees each with its reason', async () => {
    const pendingAccount = await requestAccount(harness.app, alice);
    const accountDeclined = await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${pendingAccount}`, staff, { reason: 'identity_unverified', note: 'NID does not match the photo' });
    expect(accountDeclined.json()).toEqual({ deletedCount: 1 });

    const cardId = (await call(harness.app, 'POST', '/api/cardsReq', alice.cookie, { accNum: aliceAccount, card: 'debit' })).json().insertedId as string;
    const cardDeclined = await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: cardId, reason: 'duplicate_request' });
    expect(cardDeclined.json()).toEqual({ acknowledged: true, deletedCount: 1, outcome: 'declined' });

    const loanId = await requestLoan(harness.app, alice, aliceAccount);
    expect((await call(harness.app, 'DELETE', `/api/userLoanDelete/${loanId}`, staff, { reason: 'income_insufficient' })).statusCode).toBe(200);

    const depositId = await requestDeposit(alice, aliceAccount, 900);
    expect((await call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, { reason: 'customer_cancelled' })).statusCode).toBe(200);

    const accounts = (await call(harness.app, 'GET', '/api/userAccount', alice.cookie)).json() as Array<Record<string, unknown>>;
    expect(accounts.find((account) => account._id === pendingAccount)).toMatchObject({ status: 'declined', declinedReason: 'identity_unverified', declinedNote: 'NID does not match the photo' });
    expect(accounts.find((account) => account._id === pendingAccount)?.declinedAt).toEqual(expect.any(String));
    const cards = (await call(harness.app, 'GET', '/api/userCards', alice.cookie)).json() as Array<Record<string, unknown>>;
    expect(cards.find((card) => card._id === cardId)).toMatchObject({ status: 'declined', declinedReason: 'duplicate_request' });
    expect(cards.find((card) => card._id === cardId)).not.toHaveProperty('declinedNote');
    const loans = (await call(harness.app, 'GET', '/api/userLoans', alice.cookie)).json() as Array<Record<string, unknown>>;
    expect(loans.find((loan) => loan._id === loanId)).toMatchObject({ status: 'declined', declinedReason: 'income_insufficient', repaid: false });
    const deposits = (await call(harness.app, 'GET', '/api/myDeposits', alice.cookie)).json() as Array<Record<string, unknown>>;
    expect(deposits.find((deposit) => deposit._id === depositId)).toMatchObject({ depStatus: 'declined', declinedReason: 'customer_cancelled' });

    expect((await auditDetailsOf(pendingAccount))[0]).toMatchObject({ action: 'account.decline', detail: { after: 'declined', reason: 'identity_unverified' } });
    expect((await auditDetailsOf(cardId))[0]).toMatchObject({ action: 'card.decline', detail: { after: 'declined', reason: 'duplicate_request' } });
    expect((await auditDetailsOf(loanId))[0]).toMatchObject({ action: 'loan.decline', detail: { after: 'declined', reason: 'income_insufficient' } });

    // Staff lists filter by the new status, and another customer sees none of it.
    const declinedLoans = (await call(harness.app, 'GET', '/api/userLoanReq?status=declined', staff)).json() as Array<{ _id: string; status: string }>;
    expect(declinedLoans.map((loan) => loan._id)).toContain(loanId);
    expect(declinedLoans.every((loan) => loan.status === 'declined')).toBe(true);
    const declinedAccounts = await call(harness.app, 'GET', '/api/userAccounts?status=declined', staff);
    expect(declinedAccounts.json().map((account: { _id: string }) => account._id)).toEqual([pendingAccount]);
    expect(declinedAccounts.headers['x-total-count']).toBe('1');
    const bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
    expect((await call(harness.app, 'GET', `/api/singleLoanDetails/${loanId}`, bob.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${pendingAccount}`, bob.cookie)).statusCode).toBe(404);
  });

  it('leaves a declined request out of every waiting limit, so the customer may ask again', async () => {
    const cardId = (await call(harness.app, 'POST', '/api/cardsReq', alice.cookie, { accNum: aliceAccount, card: 'credit' })).json().insertedId as string;
    expect((await call(harness.app, 'POST', '/api/cardsReq', alice.cookie, { accNum: aliceAccount, card: 'credit' })).statusCode).toBe(409);
    await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: cardId, reason: 'documents_incomplete' });
    expect((await call(harness.app, 'POST', '/api/cardsReq', alice.cookie, { accNum: aliceAccount, card: 'credit' })).statusCode).toBe(200);

    const loanId = await requestLoan(harness.app, alice, aliceAccount);
    await call(harness.app, 'DELETE', `/api/userLoanDelete/${loanId}`, staff, { reason: 'account_ineligible' });
    const again = await requestLoan(harness.app, alice, aliceAccount);
    const account = (await call(harness.app, 'GET', `/api/singleAccDetails/${aliceAccount}`, alice.cookie)).json();
    expect(account).toMatchObject({ loanStatus: 'pending', cardStatus: 'pending' });
    expect(again).not.toBe(loanId);

    const waitingAccount = await openFundedAccount(harness.app, alice, staff, 0);
    const deposits = await Promise.all(Array.from({ length: pendingDepositsPerAccountMax }, (_, index) => requestDeposit(alice, waitingAccount, 100 + index)));
    const refused = await call(harness.app, 'PUT', '/api/depositReq', alice.cookie, { accNum: waitingAccount, depositAmount: 50 });
    expect(refused.json().error.code).toBe('too_many_pending');
    await call(harness.app, 'DELETE', `/api/userDepositDelete/${deposits[0]}`, staff, { reason: 'duplicate_request' });
    expect((await call(harness.app, 'PUT', '/api/depositReq', alice.cookie, { accNum: waitingAccount, depositAmount: 50 })).statusCode).toBe(200);
    // The account's latest deposit is the waiting one, never the declined one.
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${waitingAccount}`, alice.cookie)).json().depositReq).toBe('pending');
  });

  it('cannot be followed by an approval or a second decline: the request stays declined and no money moves', async () => {
    const depositId = await requestDeposit(alice, aliceAccount, 321);
    const before = await balanceOf(harness.app, alice.cookie, aliceAccount);
    await call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, { reason: 'duplicate_request' });
    for (const [method, url, body] of [
      ['PUT', '/api/userDepositUpdate', { id: depositId }],
      ['DELETE', `/api/userDepositDelete/${depositId}`, { reason: 'other', note: 'again' }],
    ] as const) {
      const refused = await call(harness.app, method, url, staff, body);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'already_declined', message: 'Deposit request was already declined' });
    }
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(before);
    expect(await statusOf('deposit_request', depositId)).toBe('declined');
  });

  it('keeps the cancel of an issued card a cancel, with or without a reason', async () => {
    const cardAccount = await openFundedAccount(harness.app, alice, staff, 0);
    const cardId = (await call(harness.app, 'POST', '/api/cardsReq', alice.cookie, { accNum: cardAccount, card: 'debit' })).json().insertedId as string;
    expect((await call(harness.app, 'PUT', '/api/dashCardDebit', staff, { id: cardId })).statusCode).toBe(200);
    const cancelled = await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: cardId });
    expect(cancelled.json()).toEqual({ acknowledged: true, deletedCount: 1, outcome: 'cancelled' });
    expect(await statusOf('card', cardId)).toBe('cancelled');
    const cards = (await call(harness.app, 'GET', '/api/userCards', alice.cookie)).json() as Array<Record<string, unknown>>;
    expect(cards.find((card) => card._id === cardId)).not.toHaveProperty('declinedReason');
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

  it('lets one of 50 staff decisions sent at once win, approvals and declines mixed, and refuses the rest', async () => {
    const depositId = await requestDeposit(alice, aliceAccount, 4321);
    const before = await balanceOf(harness.app, alice.cookie, aliceAccount);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId })
          : call(harness.app, 'DELETE', `/api/userDepositDelete/${depositId}`, staff, { reason: 'duplicate_request' }),
      ),
    );
    const winners = answers.filter((answer) => answer.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
    const events = await auditDetailsOf(depositId);
    expect(events).toHaveLength(1);
    const approved = events[0]?.action === 'deposit.approve';
    expect(await statusOf('deposit_request', depositId)).toBe(approved ? 'success' : 'declined');
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(approved ? before + 4321 : before);
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
