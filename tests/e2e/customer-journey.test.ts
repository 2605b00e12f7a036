import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/server/modules/ledger/ledger';
import { approveAccount, balanceOf, call, openFundedAccount } from '../../src/server/test-support/banking';
import { onePixelPng, registerCustomer, signInStaff, type TestApp } from '../../src/server/test-support/test-app';
import { fillAccountRequest, rokeyasDaughter } from '../support/account-request-form';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';

let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;

beforeAll(async () => {
  started = await startBrowserHarness();
  ({ harness, browser, baseUrl } = started);
});

afterAll(async () => {
  await started?.close();
});

const shows = (page: Page, text: string) => expect.poll(() => page.getByText(text).count(), { timeout: 10_000 }).toBeGreaterThan(0);

async function staffApprovesLatest(list: string, approve: string) {
  const staff = await signInStaff(harness.app);
  const items = (await call(harness.app, 'GET', `${list}?status=pending`, staff)).json() as Array<{ _id: string }>;
  const latest = items[0];
  if (!latest) throw new Error(`nothing pending in ${list}`);
  const response = await call(harness.app, 'PUT', approve, staff, { id: latest._id });
  expect(response.statusCode).toBe(200);
}

describe('a customer', () => {
  it('opens an account, deposits, transfers, gets a card and a loan, and repays', async () => {
    const staff = await signInStaff(harness.app);
    const receiver = await registerCustomer(harness.app, { name: 'Tanvir Ahmed' });
    const receiverAccount = await openFundedAccount(harness.app, receiver, staff, 100, { user: 'Tanvir Ahmed', role: 'Current' });

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const email = `shirin.${Date.now()}@example.com`;
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Full name').fill('Shirin Akter');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('boats on the buriganga at dawn');
    await page.getByRole('button', { name: 'Register' }).click();
    // A new customer lands where accounts are requested.
    await page.waitForURL(`${baseUrl}/myAccounts`);
    await expect.poll(() => page.getByText('Sorry!! You have no account. Please create one').count()).toBe(1);
    await page.getByRole('link', { name: 'Request Account' }).click();
    await page.waitForURL(`${baseUrl}/openAcc`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.getByText('Please select the Account Type').count()).toBe(1);
    // The name given at registration is the holder's, shown and not asked again.
    expect(await page.getByLabel('Account holder’s name').inputValue()).toBe('Shirin Akter');
    const details = { ...rokeyasDaughter, phone: '+880 1812-345678', birth: { day: '14', month: '3', year: '1992' }, nid: '1992123456789' };
    await (
      await fillAccountRequest(page, { ...details, residentialArea: 'Mirpur 10, Dhaka', permanentArea: 'Sadar, Cumilla', nominee: { name: 'Jahanara Begum', nid: '1960123456', relation: 'Mother' } })
    ).click();
    await shows(page, 'Requested for your Account Successfully!!');
    expect(await page.getByTestId('receipt-reference').textContent()).toMatch(/^\d{13}$/);

    const accounts = (await call(harness.app, 'GET', '/api/userAccounts?status=pending', staff)).json() as Array<{ _id: string; email: string }>;
    const accountId = accounts.find((account) => account.email === email)?._id ?? '';
    await approveAccount(harness.app, staff, accountId);

    await page.goto(`${baseUrl}/deposit/${accountId}`);
    await page.getByLabel('Deposit amount (BDT)').fill('50000');
    await page.getByRole('button', { name: 'Request deposit' }).click();
    await shows(page, 'Requested for the Deposit successfully');
    await page.getByRole('link', { name: 'Back to My Accounts' }).click();
    await page.waitForURL(`${baseUrl}/myAccounts`);
    await staffApprovesLatest('/api/dashDepoShow', '/api/userDepositUpdate');

    await page.goto(`${baseUrl}/moneyTrans/${accountId}`);
    await expect.poll(() => page.getByTestId('summary-balance').textContent()).toBe('50,000.00 BDT');
    await page.getByLabel('Receiver account number').fill(receiverAccount);
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    await page.getByLabel('Send amount (BDT)').fill('50000');
    await page.getByRole('button', { name: 'Send money' }).click();
    await shows(page, 'You Do not have enough money in your account please deposit then transfer.');
    await page.getByLabel('Send amount (BDT)').fill('12500.50');
    await page.getByRole('button', { name: 'Send money' }).click();
    await page.getByRole('button', { name: 'Yes, send it' }).click();
    await shows(page, 'Money Transfer successfully');
    // The receipt says when, in Dhaka time, and can be printed.
    expect(await page.getByTestId('receipt-time').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    expect(await page.getByRole('button', { name: 'Print receipt' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Back to My Accounts' }).click();
    await page.waitForURL(`${baseUrl}/myAccounts`);
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('37,499.50 BDT');
    expect(await balanceOf(harness.app, receiver.cookie, receiverAccount)).toBe(12600.5);

    await page.goto(`${baseUrl}/cardsReq/${accountId}`);
    await page.getByLabel('Debit Card').check();
    await page.getByRole('button', { name: 'Request', exact: true }).click();
    await shows(page, 'Requested Successfully!!!');
    await staffApprovesLatest('/api/dashCardReq', '/api/dashCardDebit');
    await page.goto(`${baseUrl}/myCards`);
    await expect.poll(() => page.getByTestId('issued-card').count()).toBe(1);
    expect(await page.getByText('Card holder: Shirin Akter').count()).toBe(1);

    await page.goto(`${baseUrl}/loanReq/${accountId}`);
    await page.getByLabel('Loan type').selectOption('personal');
    await page.getByLabel('Duration').selectOption('12');
    await page.getByLabel('Loan amount (BDT)').fill('20000');
    await expect.poll(() => page.getByText('12 instalments; total to repay 20,600.00 BDT (interest 600.00 BDT)').count()).toBe(1);
    await page.getByLabel('Monthly income (BDT)').fill('65000');
    await page.getByLabel('Company name').fill('Karnaphuli Shipping Ltd.');
    await page.getByLabel('Proof of income').selectOption('salary-certificate');
    await page.getByLabel('Upload the document').setInputFiles({ name: 'salary.png', mimeType: 'image/png', buffer: onePixelPng });
    await page.getByRole('button', { name: 'Request loan' }).click();
    await shows(page, 'Requested for the Loan Successfully!!!');
    await staffApprovesLatest('/api/userLoanReq', '/api/userLoanUpdate');

    await page.goto(`${baseUrl}/myLoans`);
    await page.getByRole('link', { name: 'Debt Repayment' }).click();
    await expect.poll(() => page.getByTestId('repay-outstanding').textContent()).toBe('20,600.00 BDT');
    await page.getByRole('button', { name: 'Pay all' }).click();
    await page.getByRole('button', { name: 'Repay', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, repay' }).click();
    await shows(page, 'Loan repayment received');
    await page.getByRole('link', { name: 'Back to My Loans' }).click();
    await page.waitForURL(`${baseUrl}/myLoans`);
    await expect.poll(() => page.getByRole('button', { name: 'Debt Repayment Success' }).isDisabled()).toBe(true);

    await page.goto(`${baseUrl}/singleDetails/${accountId}`);
    await expect.poll(() => page.getByTestId('detail-balance').textContent()).toBe('36,899.50 BDT');
    await expect.poll(() => page.getByTestId('statement').locator('tbody tr').count()).toBe(4);
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
    await page.close();
  });

  it('is sent to log in when signed out, and sees another customer’s account as missing', async () => {
    const staff = await signInStaff(harness.app);
    const owner = await registerCustomer(harness.app);
    const accountId = await openFundedAccount(harness.app, owner, staff, 10);
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/singleDetails/${accountId}`);
    await page.waitForURL(`${baseUrl}/logIn`);
    const other = await registerCustomer(harness.app);
    await page.getByLabel('Email address').fill(other.email);
    await page.getByLabel('Password', { exact: true }).fill(other.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/singleDetails/${accountId}`);
    await expect.poll(() => page.getByText('We could not find this account among yours.').count()).toBe(1);
    await page.close();
  });
});
