import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyLedger } from '../../src/server/modules/ledger/ledger';
import { balanceOf, call, openFundedAccount, requestAccount, type Customer } from '../../src/server/test-support/banking';
import { bootstrapStaff } from '../../src/server/modules/users/staff-bootstrap';
import { multipartImage, onePixelPng, registerCustomer, signIn, signInStaff, staffAuthenticator, staffCredentials, type TestApp } from '../../src/server/test-support/test-app';
import { freshTotpCode } from '../../src/server/test-support/two-factor';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { contextWithSession as contextWithSessionOf } from '../support/safe-actions';

let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;

beforeAll(async () => {
  // Pages load slowly while the whole suite runs on two cores: give each expect.poll 10 s, not 1 s.
  vi.setConfig({ expect: { poll: { timeout: 10_000 } } });
  started = await startBrowserHarness();
  ({ harness, browser, baseUrl } = started);
});

afterAll(async () => {
  vi.resetConfig();
  await started?.close();
});

const toast = (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);

const contextWithSession = (cookie: string, width = 1280) => contextWithSessionOf(browser, baseUrl, cookie, width);

/** Clicks the row's Approve button, then confirms in the dialog. */
async function approveRow(page: Page, rowTestId: string, confirmLabel: string) {
  const row = page.getByTestId(rowTestId);
  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: confirmLabel }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
}

async function openDashboardTab(page: Page, name: string, path: string) {
  await page.getByTestId('dashboard-nav').getByRole('link', { name }).click();
  await page.waitForURL(`${baseUrl}${path}`);
}

async function uploadPassport(customer: Customer): Promise<string> {
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const response = await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: customer.cookie, origin: baseUrl } });
  return (response.json() as { data: { url: string } }).data.url;
}

async function insertedId(response: Awaited<ReturnType<typeof call>>): Promise<string> {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { insertedId: string }).insertedId;
}

describe('the staff dashboard', () => {
  it('sends a visitor to log in and back; staff approve an account, a deposit, a card and a loan, and delete a user', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Farzana Haque' });
    const accountId = await requestAccount(harness.app, customer, { user: 'Farzana Haque' });
    const leaver = await registerCustomer(harness.app, { name: 'Rafiq Chowdhury' });
    const leaverAccount = await openFundedAccount(harness.app, leaver, await signInStaff(harness.app), 5000);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/logIn`);
    await page.getByLabel('Email address').fill(staffCredentials.email);
    await page.getByLabel('Password', { exact: true }).fill(staffCredentials.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Staff sign in with a code from their authenticator app (signInStaff above enrolled it).
    await page.getByLabel('6-digit code').fill(await freshTotpCode(staffAuthenticator()));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await expect.poll(() => page.getByRole('heading', { name: 'Accounts Info' }).count()).toBe(1);

    // The account request: Approve → 'Success', and card and loan statuses appear.
    const accountRow = page.getByTestId(`account-${accountId}`);
    await expect.poll(() => accountRow.getByText('Shown once the account is active').count()).toBe(2);
    await approveRow(page, `account-${accountId}`, 'Approve account');
    await toast(page, 'Status updated successfully');
    // The dashboard opened on waiting requests: the approved account has left them, and is under All.
    await expect.poll(() => accountRow.count()).toBe(0);
    await page.getByLabel('Status').selectOption('');
    await page.waitForURL(`${baseUrl}/dashboard?status=all`);
    await expect.poll(() => accountRow.getByText('Success', { exact: true }).count()).toBe(1);
    await expect.poll(() => accountRow.getByText('Request', { exact: true }).count()).toBe(2);

    // The customer now asks for a deposit, a card and a loan on the active account.
    const depositId = await insertedId(await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: '25000.50' }));
    const cardId = await insertedId(await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card: 'debit', accNum: accountId }));
    const loanBody = {
      loan: 'personal',
      accNum: accountId,
      income: 70000,
      company: 'Karnaphuli Foods',
      lAmount: 100000,
      lDuration: '12',
      document: await uploadPassport(customer),
      documentKind: 'salary-certificate',
    };
    const loanId = await insertedId(await call(harness.app, 'POST', '/api/loanReq', customer.cookie, loanBody));

    await page.reload();
    await expect.poll(() => accountRow.getByText('Pending...', { exact: true }).count()).toBe(2);

    await openDashboardTab(page, 'Deposit Request', '/dashboard/DepositRequest?status=pending');
    await expect.poll(() => page.getByTestId(`deposit-${depositId}`).getByText('25,000.50 BDT', { exact: true }).count()).toBe(1);
    await approveRow(page, `deposit-${depositId}`, 'Credit deposit');
    await toast(page, 'Deposit updated successfully');
    // The list is refetched: with the pending filter on, the approved request leaves it, and
    // focus stays in the list rather than falling to the top of the page with its button.
    await expect.poll(() => page.getByTestId(`deposit-${depositId}`).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement?.contains(document.querySelector('[data-testid="list-count"]')))).toBe(true);

    await openDashboardTab(page, 'Card Request', '/dashboard/cardRequest?status=pending');
    await approveRow(page, `card-${cardId}`, 'Issue card');
    await toast(page, 'Card approved');
    await page.getByLabel('Status').selectOption('success');
    await expect.poll(() => page.getByTestId(`card-${cardId}`).getByText('Success', { exact: true }).count()).toBe(1);

    await openDashboardTab(page, 'Loan Request', '/dashboard/loanRequest?status=pending');
    expect(await page.getByTestId(`loan-${loanId}`).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(`/singleLoanDetail/${loanId}`);
    // The approval dialog shows what the decision rests on: income, employer, the NID and the uploaded proof of income.
    await page.getByTestId(`loan-${loanId}`).getByRole('button', { name: 'Approve', exact: true }).click();
    const facts = page.getByRole('dialog').getByTestId('confirm-facts');
    await expect.poll(() => facts.textContent()).toContain('70,000.00 BDT');
    expect(await facts.textContent()).toContain('Karnaphuli Foods');
    expect(await facts.textContent()).toContain('Salary certificate');
    const passport = page.getByRole('dialog').getByRole('img', { name: 'Proof of income of Farzana Haque' });
    await expect.poll(() => passport.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    await page.keyboard.press('Escape');
    await approveRow(page, `loan-${loanId}`, 'Approve and pay out');
    await toast(page, 'Loan updated successfully');
    await expect.poll(() => page.getByTestId(`loan-${loanId}`).getByRole('button', { name: 'Decline' }).count()).toBe(0);

    await openDashboardTab(page, 'All Users', '/dashboard/allUsers');
    const ownRow = page.getByTestId(`user-${staffCredentials.email}`);
    await expect.poll(() => ownRow.getByText('You', { exact: true }).count()).toBe(1);
    expect(await ownRow.getByRole('button', { name: 'Disable' }).count()).toBe(0);
    await page.getByTestId(`user-${leaver.email}`).getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable user' }).click();
    await toast(page, 'User Delete Successfully');
    await expect.poll(() => page.getByTestId(`user-${leaver.email}`).getByText('Disabled', { exact: true }).count()).toBe(1);

    // The account's own page: balance, statement and the audit trail of what staff just did.
    await openDashboardTab(page, 'Accounts Info', '/dashboard?status=all');
    await page.getByTestId(`account-${accountId}`).getByRole('link', { name: 'Details' }).click();
    await page.waitForURL(`${baseUrl}/dashboard/singleAccDetails/${accountId}`);
    await expect.poll(() => page.getByTestId('detail-balance').textContent()).toBe('1,25,000.50 BDT');
    await expect.poll(() => page.getByTestId('audit-trail').locator('tbody tr').count()).toBe(4);
    expect(await page.getByTestId('audit-trail').getByText(staffCredentials.email).count()).toBe(4);
    for (const action of ['Loan approved and paid out', 'Debit card issued', 'Deposit approved', 'Account approved']) {
      expect(await page.getByTestId('audit-trail').getByText(action, { exact: true }).count(), action).toBe(1);
    }
    // The statement is a query of its own: it may still be loading after the audit trail has come.
    await expect.poll(() => page.getByTestId('statement').locator('tbody tr').count()).toBe(2);
    await page.close();

    // What the customer sees through the API.
    expect(await balanceOf(harness.app, customer.cookie, accountId)).toBe(125000.5);
    const cards = (await call(harness.app, 'GET', '/api/userCards', customer.cookie)).json() as Array<{ _id: string; status: string; lastFour: string }>;
    expect(cards).toEqual([expect.objectContaining({ _id: cardId, status: 'success', lastFour: expect.stringMatching(/^\d{4}$/) })]);
    const loans = (await call(harness.app, 'GET', '/api/userLoans', customer.cookie)).json() as Array<{ _id: string; status: string; tLAmount: number }>;
    expect(loans).toEqual([expect.objectContaining({ _id: loanId, status: 'success', tLAmount: 103000 })]);

    // The deleted user cannot sign in, their old session is gone, and their money and journal stay.
    const signInAgain = await signIn(harness.app, leaver.email, 'a long customer passphrase 42');
    expect(signInAgain.statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(harness.app, 'GET', '/api/userAccount', leaver.cookie)).statusCode).toBe(401);
    const staff = await signInStaff(harness.app);
    expect((await call(harness.app, 'GET', `/api/singleAccDetails/${leaverAccount}`, staff)).json()).toMatchObject({ amount: 5000, status: 'success' });
    const postings = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM posting WHERE ledger_account_code = ${leaverAccount}`);
    expect(Number(postings.rows[0]?.count)).toBe(1);
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('disables a staff member only when a second staff member approves, and re-enables a customer', async () => {
    const promote = async (name: string) => {
      const person = await registerCustomer(harness.app, { name });
      await bootstrapStaff(harness.database.db, harness.app.services.auth, { staffEmail: person.email, staffPassword: person.password, dataDir: harness.dataDir });
      // Staff work only with two-step sign-in: signInStaff enrols the new staff member's app.
      return { ...person, cookie: await signInStaff(harness.app, { email: person.email, password: person.password }) };
    };
    const approver = await promote('Second Approver');
    const colleague = await promote('Leaving Colleague');
    const returning = await registerCustomer(harness.app, { name: 'Returning Customer' });
    await call(harness.app, 'DELETE', `/api/allUsers/${returning.userId}`, await signInStaff(harness.app));

    const maker = await contextWithSession(await signInStaff(harness.app));
    const page = await maker.newPage();
    await page.goto(`${baseUrl}/dashboard/allUsers`);
    const colleagueRow = page.getByTestId(`user-${colleague.email}`);
    await colleagueRow.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Disabling staff takes two people').count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Ask for approval' }).click();
    await toast(page, 'Sent for approval: another staff member must approve it');
    await expect.poll(() => colleagueRow.getByTestId('waiting-change').textContent()).toBe('Disable waiting for approval asked by Bank Staff');
    expect(await colleagueRow.getByText('Active', { exact: true }).count()).toBe(1);
    // The one who asked cannot approve, only withdraw.
    expect(await colleagueRow.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await colleagueRow.getByRole('button', { name: 'Withdraw' }).count()).toBe(1);

    const returningRow = page.getByTestId(`user-${returning.email}`);
    await returningRow.getByRole('button', { name: 'Re-enable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Re-enable user' }).click();
    await toast(page, 'The user can sign in again');
    await expect.poll(() => returningRow.getByText('Active', { exact: true }).count()).toBe(1);
    expect((await signIn(harness.app, returning.email, returning.password)).statusCode).toBe(200);

    const checker = await contextWithSession(approver.cookie, 360);
    const phone = await checker.newPage();
    await phone.goto(`${baseUrl}/dashboard/allUsers`);
    const sameRow = phone.getByTestId(`user-${colleague.email}`);
    await sameRow.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => phone.getByRole('dialog').getByText('Bank Staff asked to disable Leaving Colleague').count()).toBe(1);
    await phone.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await toast(phone, 'The staff member has been disabled');
    await expect.poll(() => sameRow.getByText('Disabled', { exact: true }).count()).toBe(1);
    expect(await sameRow.getByTestId('waiting-change').count()).toBe(0);
    expect((await call(harness.app, 'GET', '/api/allUsers?limit=1', colleague.cookie)).statusCode).toBe(401);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await maker.close();
    await checker.close();
  });

  it('shows a customer the Staff only page, and a visitor the log-in page', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Sabina Yasmin' });
    const context = await contextWithSession(customer.cookie);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard/allUsers`);
    await expect.poll(() => page.getByRole('heading', { name: 'Staff only' }).count()).toBe(1);
    expect(await page.getByTestId('dashboard').count()).toBe(0);
    await page.goto(`${baseUrl}/dashboard/DepositRequest`);
    await expect.poll(() => page.getByRole('heading', { name: 'Staff only' }).count()).toBe(1);
    await context.close();

    const visitor = await browser.newPage();
    await visitor.goto(`${baseUrl}/dashboard/cardRequest`);
    await visitor.waitForURL(`${baseUrl}/logIn`);
    await expect.poll(() => visitor.getByRole('heading', { name: 'Log in to online banking' }).count()).toBe(1);
    await visitor.close();
  });

  it('shows the server’s reason when a colleague decided first, and pages a long list', async () => {
    // A customer may have three account requests waiting: twenty-two from eight customers.
    const accountIds: string[] = [];
    for (let person = 0; person < 8; person += 1) {
      const customer = await registerCustomer(harness.app, { name: 'Mizanur Rahman' });
      for (let index = 0; index < 3 && accountIds.length < 22; index += 1) accountIds.push(await requestAccount(harness.app, customer, { user: 'Mizanur Rahman' }));
    }
    const context = await contextWithSession(await signInStaff(harness.app));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard?status=pending`);
    const total = Number((await call(harness.app, 'GET', '/api/userAccounts?status=pending&limit=1', await signInStaff(harness.app))).headers['x-total-count']);
    await expect.poll(() => page.getByTestId('list-range').textContent()).toBe(`Showing 1–20 of ${total}`);
    expect(await page.getByTestId('list-count').textContent()).toBe(`${total} in total`);
    await page.getByRole('button', { name: /Next/ }).click();
    await page.waitForURL(`${baseUrl}/dashboard?status=pending&page=2`);
    await expect.poll(() => page.getByTestId('list-range').textContent()).toBe(`Showing 21–${total} of ${total}`);
    await page.getByRole('button', { name: /Previous/ }).click();
    await expect.poll(() => page.getByTestId('list-range').textContent()).toBe(`Showing 1–20 of ${total}`);

    // The request that has waited longest is on top; a colleague approves it before this staff member does.
    const oldest = (await page.locator('[data-testid^="account-"]').first().getAttribute('data-row-key')) ?? '';
    await expect.poll(() => page.getByTestId(`account-${oldest}`).count()).toBe(1);
    expect((await call(harness.app, 'PUT', `/api/userStatusUpdate/${oldest}`, await signInStaff(harness.app), {})).statusCode).toBe(200);
    await page.getByTestId(`account-${oldest}`).getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve account' }).click();
    await toast(page, 'This account is already active');
    await context.close();
  });

  it('stays usable on a 360 px phone: the tab bar reaches every screen without sideways scrolling of the page', async () => {
    const message = { fullName: 'Ayesha Siddiqua', email: 'ayesha@example.com', contact: '+8801812345678', message: 'Please call me about a home loan.' };
    expect((await call(harness.app, 'POST', '/api/contact', undefined, message)).statusCode).toBe(200);
    const context = await contextWithSession(await signInStaff(harness.app), 360);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard/depositRequest`);
    await expect.poll(() => page.getByRole('heading', { name: 'Deposit Request' }).count()).toBe(1);
    await openDashboardTab(page, 'Messages', '/dashboard/messages');
    await expect.poll(() => page.getByRole('heading', { name: 'Messages' }).count()).toBe(1);
    const messages = page.getByTestId('messages-list');
    await expect.poll(() => messages.getByText('Please call me about a home loan.').count()).toBe(1);
    // Without SMTP_URL the message stays stored and waits; staff read it here.
    expect(await messages.getByText('Waiting to be e-mailed').count()).toBe(1);
    expect(await page.getByTestId('list-count').textContent()).toBe('1 in total');
    await openDashboardTab(page, 'All Users', '/dashboard/allUsers');
    await expect.poll(() => page.getByTestId('list-count').textContent()).toMatch(/in total/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });
});
