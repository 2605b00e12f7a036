import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff, staffAuthenticator, staffCredentials } from '../../src/server/test-support/test-app';
import { freshTotpCode } from '../../src/server/test-support/two-factor';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

async function signedInPage(cookie: string, width: number): Promise<Page> {
  const context = await suite.newContext(width, cookie);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${suite.baseUrl}/logIn`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('the balance first', () => {
  it('brings staff to the dashboard after signing in', async () => {
    const context = await suite.newContext(1280);
    const page = await context.newPage();
    // Staff sign in with a code from their authenticator app (signInStaff enrols it first).
    await signInStaff(suite.harness.app);
    await logIn(page, staffCredentials.email, staffCredentials.password);
    await page.getByLabel('6-digit code').fill(await freshTotpCode(staffAuthenticator()));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await page.waitForURL(`${suite.baseUrl}/dashboard`);
    expect(await page.locator('#main-navigation').getByRole('link', { name: 'My Accounts' }).count()).toBe(0);
  });

  it('shows a deposit waiting for approval beside the balance, and the balance once approved', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app);
    const accountId = await openFundedAccount(suite.harness.app, customer, staff, 1000);
    const deposit = await call(suite.harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: '2500.50' }, { 'idempotency-key': crypto.randomUUID() });
    expect(deposit.statusCode).toBe(200);

    const page = await signedInPage(customer.cookie, 360);
    await page.goto(`${suite.baseUrl}/myAccounts`);
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('1,000.00 BDT');
    await expect.poll(() => page.getByTestId('pending-deposits').textContent()).toContain('+2,500.50 BDT deposit waiting for approval');

    expect((await call(suite.harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: deposit.json().insertedId })).statusCode).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('3,500.50 BDT');
    expect(await page.getByTestId('pending-deposits').count()).toBe(0);
  });

  it('gives a customer on a phone a bottom bar to the balance, cards, loans, a transfer and payments', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app);
    const accountId = await openFundedAccount(suite.harness.app, customer, staff, 10);
    const page = await signedInPage(customer.cookie, 360);
    await page.goto(`${suite.baseUrl}/myLoans`);
    const bar = page.getByTestId('bottom-bar');
    await expect.poll(() => bar.isVisible()).toBe(true);
    const links = bar.getByRole('link');
    expect(await links.allTextContents()).toEqual(['My Accounts', 'My Cards', 'My Loans', 'Transfer', 'Payments']);
    for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox()))) expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    // With one active account, Transfer opens its transfer form.
    await bar.getByRole('link', { name: 'Transfer' }).click();
    await page.waitForURL(`${suite.baseUrl}/moneyTrans/${accountId}`);
    await bar.getByRole('link', { name: 'My Accounts' }).click();
    await page.waitForURL(`${suite.baseUrl}/myAccounts`);
    await expect.poll(() => page.title()).toBe('My Accounts · Padma Bank');

    const wide = await signedInPage(customer.cookie, 1280);
    await wide.goto(`${suite.baseUrl}/myAccounts`);
    await expect.poll(() => wide.getByTestId('account-balance').count()).toBe(1);
    expect(await wide.getByTestId('bottom-bar').isVisible()).toBe(false);
  });

  it('holds focus in the phone menu, closes it on Escape and gives focus back to the menu button', async () => {
    const context = await suite.newContext(360);
    const page = await context.newPage();
    await page.goto(`${suite.baseUrl}/faq`);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const focusInMenu = () => page.evaluate(() => document.getElementById('main-navigation')?.contains(document.activeElement) ?? false);
    await expect.poll(focusInMenu).toBe(true);
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInMenu()).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInMenu()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => (document.getElementById('nav-drawer') as HTMLInputElement).checked)).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
  });

  it('says a load failed, with a Retry, at its first failed answer, and shows the balance once it works', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app);
    await openFundedAccount(suite.harness.app, customer, staff, 42);
    const page = await signedInPage(customer.cookie, 360);
    let failing = true;
    let asked = 0;
    await page.route('**/api/userAccount', (route) => {
      asked += 1;
      return failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"unavailable"}}' }) : route.continue();
    });
    await page.goto(`${suite.baseUrl}/myAccounts`);
    await page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 10_000 });
    // Said after the first failed answer, not after the retries' 1 + 2 + 4 s: counted in requests,
    // not in seconds, which a loaded machine stretches.
    expect(asked).toBe(1);
    expect(await page.getByText('up to date').count()).toBe(0);
    failing = false;
    // A retry the app had already scheduled may answer while the click is on its way and take the
    // Retry away (a loaded machine stretches the click's steps past the first retry's second): then
    // the balance must already be there.
    await page
      .getByRole('button', { name: 'Try again' })
      .click({ timeout: 5_000 })
      .catch(async (error: unknown) => {
        if ((await page.getByTestId('account-balance').count()) === 0) throw error;
      });
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('42.00 BDT');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });

  it('asks for the session and the accounts side by side, not one after the other', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app);
    await openFundedAccount(suite.harness.app, customer, staff, 7);
    const page = await signedInPage(customer.cookie, 1280);
    const sent: Record<string, number> = {};
    const answered: Record<string, number> = {};
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/auth/get-session' || path === '/api/userAccount') sent[path] ??= Date.now();
    });
    // Both answers held back 1.5 s, as on a slow link.
    await page.route(/\/api\/(auth\/get-session|userAccount)$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const response = await route.fetch();
      answered[new URL(route.request().url()).pathname] = Date.now();
      await route.fulfill({ response });
    });
    await page.goto(`${suite.baseUrl}/myAccounts`);
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe('7.00 BDT');
    const sessionAnswered = answered['/api/auth/get-session'] ?? 0;
    const accountsSent = sent['/api/userAccount'] ?? Number.POSITIVE_INFINITY;
    expect(accountsSent).toBeLessThan(sessionAnswered);
  });
});
