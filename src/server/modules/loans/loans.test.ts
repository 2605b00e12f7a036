import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger';
import { balanceOf, call, declineBody, depositApproved, openFundedAccount, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app);
  bob = await registerCustomer(harness.app);
});
afterAll(async () => harness.close());

async function uploadPassport(cookie: string): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie } });
  return response.json().data.url;
}

async function loanBody(customer: Customer, accountId: string, overrides: Record<string, unknown> = {}) {
  return {
    loan: 'home',
    accNum: accountId,
    income: 80000,
    company: 'Meghna Textiles Ltd.',
    lAmount: 100000,
    lDuration: '18',
    passport: await uploadPassport(customer.cookie),
    evidence: 'https://example.com/payslip.pdf',
    tLAmount: 1,
    interest: 0,
    ...overrides,
  };
}

describe('loans', () => {
  it.each([
    ['12', 103000],
    ['18', 105000],
    ['24', 107000],
  ])('computes the total for %s months on the server', async (duration, total) => {
    const accountId = await openFundedAccount(harness.app, alice, staff, 0);
    const response = await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, accountId, { lDuration: duration }));
    expect(response.statusCode).toBe(200);
    const loan = (await call(harness.app, 'GET', `/api/singleLoanDetails/${response.json().insertedId}`, alice.cookie)).json();
    expect(loan).toMatchObject({ lAmount: 100000, totalAmount: total, tLAmount: total, status: 'pending', lDuration: duration });
  });

  it('disburses on approval, repays in part and in full, and refuses over-repayment', async () => {
    const accountId = await openFundedAccount(harness.app, bob, staff, 10000);
    const loanId = (await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, accountId, { lDuration: 12 }))).json().insertedId;
    expect((await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, accountId))).statusCode).toBe(409);
    expect((await call(harness.app, 'PUT', '/api/lInfoUpdate', bob.cookie, { id: loanId, accNum: accountId, amount: 10 })).json().error.code).toBe('nothing_to_repay');

    expect((await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId, accNum: accountId })).statusCode).toBe(200);
    expect((await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId })).statusCode).toBe(409);
    expect(await balanceOf(harness.app, bob.cookie, accountId)).toBe(110000);
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${accountId}`, bob.cookie)).json()).toMatchObject({ loanStatus: 'success', totalLoanAmount: 103000 });
    expect((await call(harness.app, 'DELETE', `/api/userLoanDelete/${loanId}`, staff, declineBody)).statusCode).toBe(409);

    const part = await call(harness.app, 'PUT', '/api/lInfoUpdate', bob.cookie, { id: loanId, accNum: accountId, amount: 3000, tLAmount: 0 });
    expect(part.json()).toMatchObject({ acknowledged: true, tLAmount: 100000, repaid: false });
    const over = await call(harness.app, 'PUT', '/api/lInfoUpdate', bob.cookie, { id: loanId, accNum: accountId, amount: 100000.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields.amount).toMatch(/at most the outstanding 1,00,000.00 BDT/);
    expect((await call(harness.app, 'PUT', '/api/lInfoUpdate', alice.cookie, { id: loanId, accNum: accountId, amount: 1 })).statusCode).toBe(404);

    const full = await call(harness.app, 'PUT', '/api/lInfoUpdate', bob.cookie, { id: loanId, accNum: accountId, amount: 100000 });
    expect(full.json()).toMatchObject({ tLAmount: 0, repaid: true });
    expect(await balanceOf(harness.app, bob.cookie, accountId)).toBe(7000);
    const loans = (await call(harness.app, 'GET', '/api/userLoans', bob.cookie)).json();
    expect(loans.find((loan: { _id: string }) => loan._id === loanId)).toMatchObject({ tLAmount: 0, repaid: true, status: 'success' });
    expect((await call(harness.app, 'PUT', '/api/lInfoUpdate', bob.cookie, { id: loanId, accNum: accountId, amount: 1 })).json().error.code).toBe('nothing_to_repay');
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('refuses a repayment larger than the paying account holds', async () => {
    const loanAccount = await openFundedAccount(harness.app, alice, staff, 0);
    const payingAccount = await openFundedAccount(harness.app, alice, staff, 500);
    const loanId = (await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, loanAccount, { lAmount: 5000 }))).json().insertedId;
    await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId });
    const tooMuch = await call(harness.app, 'PUT', '/api/lInfoUpdate', alice.cookie, { id: loanId, accNum: payingAccount, amount: 600 });
    expect(tooMuch.json().error.code).toBe('insufficient_funds');
    await depositApproved(harness.app, alice, staff, payingAccount, 100);
    expect((await call(harness.app, 'PUT', '/api/lInfoUpdate', alice.cookie, { id: loanId, accNum: payingAccount, amount: 600 })).statusCode).toBe(200);
    expect(await balanceOf(harness.app, alice.cookie, payingAccount)).toBe(0);
  });

  it('refuses bad input, foreign ids and no session; staff may delete a pending request', async () => {
    const accountId = await openFundedAccount(harness.app, alice, staff, 0);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ loan: 'yacht' }, 'loan'],
      [{ lDuration: '36' }, 'lDuration'],
      [{ lAmount: 0 }, 'lAmount'],
      [{ lAmount: 999 }, 'lAmount'],
      [{ income: 30000 }, 'income'],
      [{ company: '' }, 'company'],
      [{ evidence: 'x'.repeat(2001) }, 'evidence'],
      [{ passport: '' }, 'passport'],
      [{ passport: bob.image }, 'passport'],
    ];
    for (const [override, field] of cases) {
      const response = await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, accountId, override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(response.json())).toBeTruthy();
    }
    expect((await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, accountId))).statusCode).toBe(404);
    expect((await call(harness.app, 'POST', '/api/loanReq', undefined, { loan: 'car' })).statusCode).toBe(401);
    const pendingAccount = await requestAccount(harness.app, alice);
    expect((await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, pendingAccount))).json().error.code).toBe('account_not_active');

    const loanId = (await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, accountId))).json().insertedId;
    expect((await call(harness.app, 'GET', `/api/singleLoanDetails/${loanId}`, bob.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', `/api/singleLoanDetails/${loanId}`, staff)).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', '/api/userLoanReq', alice.cookie)).statusCode).toBe(403);
    expect((await call(harness.app, 'DELETE', `/api/userLoanDelete/${loanId}`, staff, declineBody)).json()).toEqual({ deletedCount: 1 });
    expect((await call(harness.app, 'GET', `/api/singleLoanDetails/${loanId}`, alice.cookie)).json()).toMatchObject({ status: 'declined', declinedReason: 'documents_incomplete' });
  });

  it('keeps the passport private to its owner and staff, even one uploaded as an avatar', async () => {
    const accountId = await openFundedAccount(harness.app, bob, staff, 0);
    const { payload, headers } = multipartImage(onePixelPng);
    const avatarUpload = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: bob.cookie } });
    const body = await loanBody(bob, accountId, { passport: avatarUpload.json().data.url });
    await call(harness.app, 'POST', '/api/loanReq', bob.cookie, body);
    expect((await call(harness.app, 'GET', body.passport, bob.cookie)).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', body.passport, staff)).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', body.passport, alice.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', body.passport, undefined)).statusCode).toBe(404);
  });
});
