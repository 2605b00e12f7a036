import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventAnswer } from '../../../shared/schemas/audit';
import { approveAccount, call, declineBody, openFundedAccount, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signInStaff, staffCredentials, type TestApp } from '../../test-support/test-app';

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

/** `cookie` null means no session at all. */
const trailOf = (accountId: string, cookie: string | null = staff, query = '') => call(harness.app, 'GET', `/api/auditTrail/account/${accountId}${query}`, cookie ?? undefined);

async function uploadPassport(cookie: string): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie } });
  return response.json().data.url;
}

async function requestLoan(customer: Customer, accountId: string): Promise<string> {
  const body = {
    loan: 'car',
    accNum: accountId,
    income: 90000,
    company: 'Jamuna Motors',
    lAmount: 200000,
    lDuration: '24',
    document: await uploadPassport(customer.cookie),
    documentKind: 'salary-certificate',
  };
  const response = await call(harness.app, 'POST', '/api/loanReq', customer.cookie, body);
  if (response.statusCode !== 200) throw new Error(`loan request failed: ${response.body}`);
  return response.json().insertedId;
}

async function requestDeposit(customer: Customer, accountId: string, amount: number): Promise<string> {
  const response = await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: amount });
  if (response.statusCode !== 200) throw new Error(`deposit request failed: ${response.body}`);
  return response.json().insertedId;
}

async function requestCard(customer: Customer, accountId: string, card: 'debit' | 'credit'): Promise<string> {
  const response = await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card, accNum: accountId });
  if (response.statusCode !== 200) throw new Error(`card request failed: ${response.body}`);
  return response.json().insertedId;
}

async function expectOk(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode, response.body).toBe(200);
}

describe('GET /api/auditTrail/account/:id', () => {
  it('is for staff only', async () => {
    const accountId = await requestAccount(harness.app, alice);
    expect((await trailOf(accountId, null)).statusCode).toBe(401);
    const asCustomer = await trailOf(accountId, alice.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().error.code).toBe('staff_only');
    const asStaff = await trailOf(accountId);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json()).toEqual([]);
    expect(asStaff.headers['x-total-count']).toBe('0');
  });

  it('records every staff decision on the account, its deposits, cards and loans, newest first', async () => {
    const accountId = await requestAccount(harness.app, alice);
    await approveAccount(harness.app, staff, accountId);
    const depositId = await requestDeposit(alice, accountId, 125000.5);
    await expectOk(await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId }));
    const refusedDepositId = await requestDeposit(alice, accountId, 700);
    await expectOk(await call(harness.app, 'DELETE', `/api/userDepositDelete/${refusedDepositId}`, staff, declineBody));
    const cardId = await requestCard(alice, accountId, 'credit');
    await expectOk(await call(harness.app, 'PUT', '/api/dashCardCredit', staff, { id: cardId }));
    await expectOk(await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: cardId }));
    const declinedCardId = await requestCard(alice, accountId, 'debit');
    await expectOk(await call(harness.app, 'DELETE', '/api/dashCardDelete', staff, { id: declinedCardId, ...declineBody }));
    const deletedLoanId = await requestLoan(alice, accountId);
    await expectOk(await call(harness.app, 'DELETE', `/api/userLoanDelete/${deletedLoanId}`, staff, declineBody));
    const loanId = await requestLoan(alice, accountId);
    await expectOk(await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId }));
    // A refused action (a second approval) changes nothing and records nothing.
    expect((await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId })).statusCode).toBe(409);

    const response = await trailOf(accountId);
    expect(response.statusCode).toBe(200);
    const events = response.json() as AuditEventAnswer[];
    expect(response.headers['x-total-count']).toBe('8');
    expect(events.map((event) => [event.action, event.subjectId, event.before, event.after])).toEqual([
      ['loan.approve', loanId, 'pending', 'success'],
      ['loan.decline', deletedLoanId, 'pending', 'declined'],
      ['card.decline', declinedCardId, 'pending', 'declined'],
      ['card.cancel', cardId, 'success', 'cancelled'],
      ['card.approve', cardId, 'pending', 'success'],
      ['deposit.decline', refusedDepositId, 'pending', 'declined'],
      ['deposit.approve', depositId, 'pending', 'success'],
      ['account.approve', accountId, 'pending', 'success'],
    ]);
    for (const event of events) {
      expect(event).toMatchObject({ accountId, actorEmail: staffCredentials.email, actorName: 'Bank Staff' });
      expect(Number.isNaN(Date.parse(event.createdAt))).toBe(false);
    }
    const dates = events.map((event) => Date.parse(event.createdAt));
    expect([...dates].sort((first, second) => second - first)).toEqual(dates);
    expect(events.find((event) => event.action === 'deposit.approve')).toMatchObject({ subjectType: 'deposit_request', amount: 125000.5, cardType: null });
    expect(events.find((event) => event.action === 'loan.approve')).toMatchObject({ subjectType: 'loan', amount: 200000 });
    expect(events.find((event) => event.action === 'card.approve')).toMatchObject({ subjectType: 'card', cardType: 'credit', amount: null });
    expect(events.at(-1)).toMatchObject({ action: 'account.approve', subjectType: 'bank_account' });
  });

  it('pages with limit and offset and keeps other accounts out', async () => {
    const accountId = await openFundedAccount(harness.app, bob, staff, 1000);
    const otherAccountId = await openFundedAccount(harness.app, alice, staff, 50);
    const firstPage = await trailOf(accountId, staff, '?limit=1');
    expect(firstPage.headers['x-total-count']).toBe('2');
    expect(firstPage.json().map((event: AuditEventAnswer) => event.action)).toEqual(['deposit.approve']);
    const secondPage = await trailOf(accountId, staff, '?limit=1&offset=1');
    expect(secondPage.json().map((event: AuditEventAnswer) => event.action)).toEqual(['account.approve']);
    expect((await trailOf(accountId, staff, '?offset=2')).json()).toEqual([]);
    const other = (await trailOf(otherAccountId)).json() as AuditEventAnswer[];
    expect(other.every((event) => event.accountId === otherAccountId)).toBe(true);
  });

  it('keeps the trail of a deleted account request', async () => {
    const accountId = await requestAccount(harness.app, bob);
    await expectOk(await call(harness.app, 'DELETE', `/api/requestedUsersDelete/${accountId}`, staff, declineBody));
    const events = (await trailOf(accountId)).json() as AuditEventAnswer[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'account.decline', before: 'pending', after: 'declined', actorEmail: staffCredentials.email });
  });

  it('refuses a malformed account number or page, naming the field', async () => {
    const badNumber = await trailOf('12345');
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error.fields.id).toMatch(/13 digits/);
    const accountId = await requestAccount(harness.app, alice);
    expect((await trailOf(accountId, staff, '?limit=0')).json().error.fields.limit).toMatch(/at least 1/);
    expect((await trailOf(accountId, staff, '?limit=101')).json().error.fields.limit).toMatch(/at most 100/);
    expect((await trailOf(accountId, staff, '?offset=-1')).json().error.fields.offset).toMatch(/at least 0/);
  });
});
