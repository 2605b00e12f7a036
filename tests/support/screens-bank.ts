import { call, openFundedAccount, requestAccount } from '../../src/server/test-support/banking';
import { multipartImage, onePixelPng, registerCustomer, signInStaff, type TestApp } from '../../src/server/test-support/test-app';

/** A bank with something on every screen: a customer's account, card, loan, deposit, FDR, DPS and saved receiver, and requests waiting for staff. */
export type ScreensBank = { staffCookie: string; customerCookie: string; accountId: string; loanId: string; fdrId: string; dpsId: string };

export async function openScreensBank(harness: TestApp): Promise<ScreensBank> {
  const staffCookie = await signInStaff(harness.app);
  const customer = await registerCustomer(harness.app, { name: 'Ayesha Siddiqua' });
  const accountId = await openFundedAccount(harness.app, customer, staffCookie, 52_000, { user: 'Ayesha Siddiqua' });
  const key = () => ({ 'idempotency-key': crypto.randomUUID() });
  await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: '5000' }, key());
  await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card: 'debit', accNum: accountId }, key());
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const document = (await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: customer.cookie } })).json().data.url;
  const loanBody = { loan: 'personal', accNum: accountId, income: 65000, company: 'Karnaphuli Shipping Ltd.', lAmount: 20000, lDuration: '12', document, documentKind: 'salary-certificate' };
  const loanId = (await call(harness.app, 'POST', '/api/loanReq', customer.cookie, loanBody, key())).json().insertedId as string;
  await call(harness.app, 'PUT', '/api/userLoanUpdate', staffCookie, { id: loanId });
  // A saved receiver, so that the list and the transfer screen's picker show one.
  await call(harness.app, 'POST', '/api/savedReceivers', customer.cookie, { confirmedName: 'Ayesha Siddiqua', accNum: accountId, nickname: 'My savings' });
  // A second account whose loan waits for staff, so the loan list offers its decision dialog.
  const secondAccount = await openFundedAccount(harness.app, customer, staffCookie, 1000, { user: 'Ayesha Siddiqua' });
  await call(harness.app, 'POST', '/api/loanReq', customer.cookie, { ...loanBody, accNum: secondAccount }, key());
  const nominee = { nomineeName: 'Karim Uddin', nomineeId: '9876543210', nomineeRelation: 'Brother' };
  const fdr = await call(harness.app, 'POST', '/api/fdr', customer.cookie, { ...nominee, accountId, amount: '10000', termMonths: 12, instruction: 'renew-principal' }, key());
  const dps = await call(harness.app, 'POST', '/api/dps', customer.cookie, { ...nominee, accountId, instalment: '1000', termYears: 3, dayOfMonth: 10 }, key());
  const fdrId = (fdr.json() as { deposit: { id: string } }).deposit.id;
  const dpsId = (dps.json() as { scheme: { id: string } }).scheme.id;
  const waiting = await registerCustomer(harness.app, { name: 'Shirin Sultana' });
  await requestAccount(harness.app, waiting, { user: 'Shirin Sultana' });
  const contact = { fullName: 'Nasrin Akter', email: 'nasrin@example.com', contact: '+8801712345678', message: 'What is the profit rate of a savings account?' };
  await harness.app.inject({ method: 'POST', url: '/api/contact', payload: contact });
  return { staffCookie, customerCookie: customer.cookie, accountId, loanId, fdrId, dpsId };
}
