import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { depositApproved, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

const balance = (page: Page) => page.getByTestId('account-balance').textContent();

/** What the browser does when the customer comes back to the tab: the page becomes visible again (the event bubbles to the window). */
const returnToTab = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

/** What the browser does when the customer clicks back into the window beside another one. */
const returnToWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

const unreadCount = async (page: Page) =>
  Number(
    (await page
      .getByTestId('notification-count')
      .textContent({ timeout: 1_000 })
      .catch(() => '0')) ?? '0',
  );

/** A customer with one account holding `amountBdt`, signed in at 360 px on My Accounts. */
async function customerOnMyAccounts(amountBdt: number) {
  const staff = await signInStaff(suite.harness.app);
  const customer = await registerCustomer(suite.harness.app);
  const accountId = await openFundedAccount(suite.harness.app, customer, staff, amountBdt);
  const context = await suite.newContext(360, customer.cookie);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${suite.baseUrl}/myAccounts`);
  await expect.poll(() => balance(page)).toBe(`${amountBdt.toLocaleString('en-IN')}.00 BDT`);
  // The bell has asked how many notifications are unread: a new one is noticed against this figure.
  await expect.poll(() => page.getByTestId('notification-bell-name').textContent()).toMatch(/notification/i);
  return { staff, customer, accountId, context, page };
}

describe('balances that stay fresh', () => {
  it('shows a deposit staff credited when the customer comes back to the tab, without a reload', async () => {
    const { staff, customer, accountId, page } = await customerOnMyAccounts(500);
    await depositApproved(suite.harness.app, customer, staff, accountId, 250);
    // Well inside the 30 seconds the balance was kept as fresh before.
    await returnToTab(page);
    await expect.poll(() => balance(page)).toBe('750.00 BDT');
    await depositApproved(suite.harness.app, customer, staff, accountId, 5);
    await returnToWindow(page);
    await expect.poll(() => balance(page)).toBe('755.00 BDT');
  });

  it('shows a deposit staff credited when its notification arrives as the customer opens another page', async () => {
    const { staff, customer, accountId, page } = await customerOnMyAccounts(600);
    const unreadBefore = await unreadCount(page);
    await depositApproved(suite.harness.app, customer, staff, accountId, 40);
    // In-app navigation (no reload, no return to the tab): the bell asks again, sees a new
    // notification, and the balances are asked again with it.
    await page.getByTestId('bottom-bar').getByRole('link', { name: 'My Cards' }).click();
    await page.waitForURL(`${suite.baseUrl}/myCards`);
    await expect.poll(() => unreadCount(page)).toBe(unreadBefore + 1);
    await page.getByTestId('bottom-bar').getByRole('link', { name: 'My Accounts' }).click();
    await expect.poll(() => balance(page)).toBe('640.00 BDT');
  });

  it('offline, shows the last balance it knew with its time, and keeps the navigation', async () => {
    const { context, page } = await customerOnMyAccounts(321);
    // The installed app: its shell and code come from the service worker's cache.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
    await context.setOffline(true);
    await page.goto(`${suite.baseUrl}/myAccounts`);
    await expect.poll(() => page.getByTestId('balances-as-of').textContent()).toMatch(/^Balances as of \d{2}:\d{2}, offline\./);
    expect(await balance(page)).toBe('321.00 BDT');
    expect(await page.getByText('We could not load this. Please try again.').count()).toBe(0);
    await expect.poll(() => page.getByTestId('bottom-bar').isVisible()).toBe(true);
    expect(await page.getByTestId('top-bar').isVisible()).toBe(true);

    await page.getByRole('button', { name: /^বাংলা/ }).click();
    await expect.poll(() => page.getByTestId('balances-as-of').textContent()).toMatch(/^ব্যালেন্স [০-৯]{2}:[০-৯]{2} পর্যন্ত, অফলাইন।/);
    expect(await balance(page)).toBe('৩২১.০০ টাকা');
    // The page never claims the balances are up to date: only the line above says how fresh they are.
    expect(await page.getByText('হালনাগাদ।').count()).toBe(0);

    await context.setOffline(false);
    await page.getByTestId('balances-as-of').getByRole('button').click();
    await expect.poll(() => page.getByTestId('balances-as-of').count()).toBe(0);
    expect(await balance(page)).toBe('৩২১.০০ টাকা');

    // Signing out leaves nothing of it on the device for the next person.
    const keptCopy = () => page.evaluate(() => localStorage.getItem('bank.lastKnown'));
    expect(await keptCopy()).toContain('321');
    await page.getByRole('button', { name: 'মেনু খুলুন' }).click();
    await page.getByRole('button', { name: 'লগ আউট' }).click();
    await expect.poll(keptCopy).toBeNull();
  });
});
