import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { enrolTwoFactor } from '../../src/server/test-support/two-factor';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** How many CSS pixels of the window's height the fixed-or-not top and bottom bars cover right now. */
const barsCoverPx = (page: Page) =>
  page.evaluate(() => {
    const covered = (element: Element | null) => {
      if (!element) return 0;
      const box = element.getBoundingClientRect();
      return Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
    };
    return covered(document.querySelector('[data-testid="top-bar"]')) + covered(document.querySelector('[data-testid="bottom-bar"]'));
  });

describe('focus that stays visible, and bars that leave room at high zoom', () => {
  it('scrolls the field a refused form focuses clear of the top bar', async () => {
    for (const width of [360, 1280]) {
      const page = await (await suite.newContext(width)).newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${suite.baseUrl}/register`);
      const submit = page.getByRole('button', { name: 'Register' });
      await submit.scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 2_000);
      await submit.click();
      // The form moves focus to its first wrong field, far above: it must land below the top bar.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      await page.waitForTimeout(400);
      const clearance = await page.evaluate(() => {
        const field = (document.activeElement as HTMLElement).getBoundingClientRect();
        const bar = (document.querySelector('[data-testid="top-bar"]') as HTMLElement).getBoundingClientRect();
        return field.top - Math.max(bar.bottom, 0);
      });
      expect(clearance, `${width} px`).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives focus back to the transfer’s button when the code prompt is closed with Escape, not to the page’s body', async () => {
    const { harness, baseUrl } = suite;
    const staff = await signInStaff(harness.app);
    const customer = await registerCustomer(harness.app, { name: 'Mitu Rahman' });
    const account = await openFundedAccount(harness.app, customer, staff, 100_000, { user: 'Mitu Rahman' });
    const receiver = await registerCustomer(harness.app, { name: 'Tanvir Ahmed' });
    const receiverAccount = await openFundedAccount(harness.app, receiver, staff, 0, { user: 'Tanvir Ahmed', role: 'Current' });
    const { cookie } = await enrolTwoFactor(harness.app, customer.cookie, customer.password);
    const page = await (await suite.newContext(360, cookie)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl}/moneyTrans/${account}`);
    await page.getByLabel('Receiver account number').fill(receiverAccount);
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    await page.getByLabel('Send amount (BDT)').fill('60000');
    // The code is asked before the confirm step, by the button that sends the form.
    await page.getByRole('button', { name: 'Send money' }).focus();
    await page.keyboard.press('Enter');
    const prompt = page.getByTestId('step-up-prompt');
    await prompt.getByLabel('6-digit code').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => prompt.count()).toBe(0);
    // Cancelled: nothing was sent, and focus is back on the button that starts it again, with
    // everything the customer typed still in the form.
    await expect.poll(() => page.evaluate(() => (document.activeElement === document.body ? 'body' : document.activeElement?.textContent))).toBe('Send money');
    expect(await page.getByLabel('Send amount (BDT)').inputValue()).toBe('60000');
  });

  it('lets the top and bottom bars scroll with the page in a short window (200 % zoom), fixed on a phone held upright', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app);
    await openFundedAccount(suite.harness.app, customer, staff, 100);
    const context = await suite.newContext(640, customer.cookie);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // 1280x720 at 200 %: 640x360 CSS pixels.
    await page.setViewportSize({ width: 640, height: 360 });
    await page.goto(`${suite.baseUrl}/myAccounts`);
    await page.getByTestId('bottom-bar').waitFor({ state: 'attached' });
    await page.getByTestId('account-balance').waitFor();
    // Down the page, then a little back up, where a hiding top bar shows again.
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(500);
    const covered = await barsCoverPx(page);
    expect(covered / 360, `${covered} px of 360`).toBeLessThan(0.1);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.getByTestId('bottom-bar').evaluate((bar) => getComputedStyle(bar).position)).toBe('fixed');
    expect(await page.getByTestId('top-bar').evaluate((bar) => getComputedStyle(bar).position)).toBe('fixed');
  });
});
