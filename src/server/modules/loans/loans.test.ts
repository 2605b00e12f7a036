import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { uploadBytesMax } from '../../../shared/constants';
import { balanceOf, call, declineBody, depositApproved, openFundedAccount, requestAccount, salaryCertificatePdf, uploadIncomeDocument, type Customer } from '../../test-support/banking';
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

async function loanBody(customer: Customer, accountId: string, overrides: Record<string, unknown> = {}) {
  return {
    loan: 'home',
    accNum: accountId,
    income: 80000,
    company: 'Meghna Textiles Ltd.',
    lAmount: 100000,
    lDuration: '18',
    document: await uploadIncomeDocument(harness.app, customer.cookie),
    documentKind: 'salary-certificate',
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
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const loan = (await call(harness.app, 'GET', `/api/singleLoanDetails/${response.json().insertedId}`, alice.cookie)).json();
    expect(loan).toMatchObject({ lAmount: 100000, totalAmount: total, tLAmount: total, status: 'pending', lDuration: duration });
  });

  it('disburses on approval, repays in part and in full, and refuses over-repayment', async () => {
    const accountId = await openFundedAccount(harness.app, bob, staff, 10000);
    const loanId = (await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, accountId, { lDuration: 12 }))).json().insertedId;
    expect((await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, accountId))).statusCode).toBe(409);
    const early = await call(harness.app, 'PUT', '/api/lInfoUpdate', bob.cookie, { id: loanId, accNum: accountId, amount: 10 });
    expect(early.json().error).toMatchObject({ code: 'nothing_to_repay', fields: { id: 'This loan has not been approved yet' } });

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
      [{ documentKind: 'payslip-link' }, 'documentKind'],
      [{ document: '' }, 'document'],
      [{ document: 'https://example.com/payslip.pdf' }, 'document'],
      [{ document: bob.image }, 'document'],
    ];
    for (const [override, field] of cases) {
      const response = await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, accountId, override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(response.json())).toBeTruthy();
    }
    expect((await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, accountId))).statusCode).toBe(404);
    expect((await call(harness.app, 'POST', '/api/loanReq', undefined, { loan: 'car' })).statusCode).toBe(401);
    const pendingAccount = await requestAccount(harness.app, alice);
    expect((await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, pendingAccount))).json().error).toMatchObject({
      code: 'account_not_active',
      fields: { accNum: expect.any(String) },
    });

    const loanId = (await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, accountId))).json().insertedId;
    expect((await call(harness.app, 'GET', `/api/singleLoanDetails/${loanId}`, bob.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', `/api/singleLoanDetails/${loanId}`, staff)).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', '/api/userLoanReq', alice.cookie)).statusCode).toBe(403);
    expect((await call(harness.app, 'DELETE', `/api/userLoanDelete/${loanId}`, staff, declineBody)).json()).toEqual({ deletedCount: 1 });
    expect((await call(harness.app, 'GET', `/api/singleLoanDetails/${loanId}`, alice.cookie)).json()).toMatchObject({ status: 'declined', declinedReason: 'documents_incomplete' });
  });

  it('keeps the proof of income private to its owner and staff, even one uploaded as an avatar', async () => {
    const accountId = await openFundedAccount(harness.app, bob, staff, 0);
    const { payload, headers } = multipartImage(onePixelPng);
    const avatarUpload = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: bob.cookie } });
    const body = await loanBody(bob, accountId, { document: avatarUpload.json().data.url });
    expect((await call(harness.app, 'POST', '/api/loanReq', bob.cookie, body)).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', body.document, bob.cookie)).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', body.document, staff)).statusCode).toBe(200);
    expect((await call(harness.app, 'GET', body.document, alice.cookie)).statusCode).toBe(404);
    expect((await call(harness.app, 'GET', body.document, undefined)).statusCode).toBe(404);
  });

  it('takes a salary certificate as a PDF, shows it and the monthly instalment to staff, and carries the account’s NID', async () => {
    const accountId = await openFundedAccount(harness.app, alice, staff, 0);
    const body = await loanBody(alice, accountId, { lAmount: 20000, lDuration: '12' });
    const loanId = (await call(harness.app, 'POST', '/api/loanReq', alice.cookie, body)).json().insertedId;
    const seen = (await call(harness.app, 'GET', '/api/userLoanReq?status=pending', staff)).json().find((loan: { _id: string }) => loan._id === loanId);
    expect(seen).toMatchObject({ document: body.document, documentKind: 'salary-certificate', passport: null, evidence: null, nid: '1234567890', monthlyInstalment: 1716.67 });
    const file = await call(harness.app, 'GET', body.document, staff);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('asks each loan type for the income staff set for it, and refuses a floor staff cannot set', async () => {
    const accountId = await openFundedAccount(harness.app, alice, staff, 0);
    const floorOf = async (slug: string) => (await call(harness.app, 'GET', `/api/loans/${slug}`, undefined)).json().monthlyIncomeMin;
    expect(await floorOf('student')).toBe(50000);
    const lowered = await call(harness.app, 'PUT', '/api/loansTypes/student/incomeFloor', staff, { monthlyIncomeMin: 15000, reason: 'Guardians on a teacher’s salary' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await floorOf('student')).toBe(15000);
    expect(await floorOf('home')).toBe(50000);
    // The texts name the floor the row has now, in each language, never a figure frozen in them.
    const textsOf = async (slug: string, lang: string) => JSON.stringify((await call(harness.app, 'GET', `/api/loans/${slug}?lang=${lang}`, undefined)).json());
    expect(await textsOf('student', 'en')).toContain('at least 15,000 BDT');
    expect(await textsOf('student', 'en')).not.toMatch(/50,000 BDT|monthlyIncomeMin}/);
    expect(await textsOf('student', 'bn')).toContain('অন্তত ১৫,০০০ টাকা');
    expect(await textsOf('student', 'bn')).not.toContain('৫০,০০০');
    expect(await textsOf('home', 'en')).toContain('at least 50,000 BDT');
    expect(await textsOf('home', 'bn')).toContain('অন্তত ৫০,০০০ টাকা');

    expect((await call(harness.app, 'POST', '/api/loanReq', alice.cookie, await loanBody(alice, accountId, { loan: 'student', income: 20000 }))).statusCode).toBe(200);
    const home = await call(harness.app, 'POST', '/api/loanReq', bob.cookie, await loanBody(bob, await openFundedAccount(harness.app, bob, staff, 0), { loan: 'home', income: 20000 }));
    expect(home.statusCode).toBe(400);
    expect(home.json().error.fields.income).toBe('Monthly income must be at least 50,000.00 BDT for this loan');

    const refusals: Array<[string, Record<string, unknown>, number, string]> = [
      ['student', { monthlyIncomeMin: 0, reason: 'x' }, 400, 'monthlyIncomeMin'],
      ['student', { monthlyIncomeMin: 1_000_001, reason: 'x' }, 400, 'monthlyIncomeMin'],
      ['student', { monthlyIncomeMin: 'lots', reason: 'x' }, 400, 'monthlyIncomeMin'],
      ['student', { monthlyIncomeMin: 20000, reason: '' }, 400, 'reason'],
      ['student', { monthlyIncomeMin: 15000, reason: 'Same again' }, 400, 'monthlyIncomeMin'],
      ['yacht', { monthlyIncomeMin: 20000, reason: 'x' }, 400, 'slug'],
    ];
    for (const [slug, payload, status, field] of refusals) {
      const response = await call(harness.app, 'PUT', `/api/loansTypes/${slug}/incomeFloor`, staff, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.fields[field], response.body).toBeTruthy();
    }
    expect((await call(harness.app, 'PUT', '/api/loansTypes/student/incomeFloor', alice.cookie, { monthlyIncomeMin: 1000, reason: 'x' })).statusCode).toBe(403);
    expect(await floorOf('student')).toBe(15000);
    const audit = await harness.database.db.execute<{ detail: { previousFloor: number; newFloor: number } }>(sql`SELECT detail FROM audit_event WHERE action = 'loan_income_floor.set'`);
    expect(audit.rows.map((row) => [row.detail.previousFloor, row.detail.newFloor])).toEqual([[50000, 15000]]);
  });

  it('refuses a document that is not a PDF, PNG or JPEG, or too large, and writes nothing', async () => {
    const count = async () =>
      (await harness.database.db.execute<{ uploads: number; blobs: number }>(sql`SELECT (SELECT count(*)::int FROM upload) AS uploads, (SELECT count(*)::int FROM upload_blob) AS blobs`)).rows[0];
    const uploadsDir = path.join(harness.dataDir, 'uploads');
    const files = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).length : 0);
    const before = { rows: await count(), files: files() };
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const refused: Array<[Buffer, number, RegExp]> = [
      [Buffer.from('<html><script>alert(1)</script></html>'), 400, /PDF, PNG or JPEG/],
      [gif, 400, /PDF, PNG or JPEG/],
      [Buffer.from('PK\u0003\u0004 a zip with a .pdf name'), 400, /PDF, PNG or JPEG/],
      [Buffer.concat([salaryCertificatePdf, Buffer.alloc(uploadBytesMax)]), 400, /at most 5 MB/],
    ];
    for (const [bytes, status, message] of refused) {
      const { payload, headers } = multipartImage(bytes, { purpose: 'document' }, 'salary-certificate.pdf');
      const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: alice.cookie } });
      expect(response.statusCode).toBe(status);
      expect(response.json().error.fields.image).toMatch(message);
    }
    expect({ rows: await count(), files: files() }).toEqual(before);
  });
});
