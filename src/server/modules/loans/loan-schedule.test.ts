import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openFundedAccount, type Customer } from '../../test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
let staff: string;
let owner: Customer;
let stranger: Customer;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  owner = await registerCustomer(harness.app);
  stranger = await registerCustomer(harness.app);
});
afterAll(async () => harness.close());

async function approvedLoan(amountBdt: number, months: string): Promise<{ loanId: string; accountId: string }> {
  const accountId = await openFundedAccount(harness.app, owner, staff, 5000);
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const passport = (await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: owner.cookie } })).json().data.url;
  const body = {
    loan: 'personal',
    accNum: accountId,
    income: 65000,
    company: 'Karnaphuli Shipping Ltd.',
    lAmount: amountBdt,
    lDuration: months,
    document: passport,
    documentKind: 'salary-certificate',
  };
  const requested = await call(harness.app, 'POST', '/api/loanReq', owner.cookie, body);
  expect(requested.statusCode).toBe(200);
  const loanId = requested.json().insertedId as string;
  return { loanId, accountId };
}

describe('a loan’s repayment schedule', () => {
  it('plans equal instalments from the stored total, then marks what repayments settled', async () => {
    const { loanId, accountId } = await approvedLoan(20000, '12');
    const planned = await call(harness.app, 'GET', `/api/loanSchedule/${loanId}`, owner.cookie);
    expect(planned.statusCode).toBe(200);
    expect(planned.json()).toMatchObject({ loanId, months: 12, monthlyInstalment: 1716.67, totalAmount: 20600, outstanding: 20600 });
    expect(planned.json().instalments).toHaveLength(12);
    expect(planned.json().instalments[11]).toEqual({ number: 12, amount: 1716.66, state: 'due', remainingAfter: 0 });

    expect((await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId })).statusCode).toBe(200);
    expect((await call(harness.app, 'PUT', '/api/lInfoUpdate', owner.cookie, { id: loanId, accNum: accountId, amount: 2000 })).statusCode).toBe(200);
    const afterRepayment = (await call(harness.app, 'GET', `/api/loanSchedule/${loanId}`, owner.cookie)).json();
    expect(afterRepayment.outstanding).toBe(18600);
    expect(afterRepayment.instalments.slice(0, 3).map((instalment: { state: string }) => instalment.state)).toEqual(['paid', 'part-paid', 'due']);
  });

  it('is the owner’s and staff’s: another customer sees a missing loan, a visitor is asked to sign in', async () => {
    const { loanId } = await approvedLoan(60000, '24');
    expect((await call(harness.app, 'GET', `/api/loanSchedule/${loanId}`, staff)).json().monthlyInstalment).toBe(2675);
    const foreign = await call(harness.app, 'GET', `/api/loanSchedule/${loanId}`, stranger.cookie);
    const missing = await call(harness.app, 'GET', '/api/loanSchedule/00000000-0000-4000-8000-000000000000', stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await call(harness.app, 'GET', `/api/loanSchedule/${loanId}`, undefined)).statusCode).toBe(401);
  });

  it('names the field of a malformed loan id', async () => {
    const response = await call(harness.app, 'GET', '/api/loanSchedule/not-a-loan', owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.id).toBe('Loan id is not valid');
  });
});
