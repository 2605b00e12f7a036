import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff, staffAuthenticator } from '../../src/server/test-support/test-app';
import { freshTotpCode } from '../../src/server/test-support/two-factor';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** axe-core from node_modules, injected into the page: nothing is downloaded while the test runs. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcag22AaTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Where the screens are kept for a person to look at, as the route gallery keeps its own. */
const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  }, wcag22AaTags);
}

async function keepScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `transfer-limits-${name}.png`), fullPage: true });
}

/** A second member of staff, as a bank has: the maker-checker rule needs two. */
async function secondStaffMember(): Promise<{ cookie: string; email: string }> {
  const colleague = await registerCustomer(suite.harness.app, { name: 'Nasrin Sultana' });
  await suite.harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, colleague.userId));
  // Staff work only with two-step sign-in: signInStaff enrols the colleague's authenticator app.
  return { cookie: await signInStaff(suite.harness.app, { email: colleague.email, password: colleague.password }), email: colleague.email };
}

describe('transfer limits', () => {
  it('staff A proposes, staff B approves, and a customer’s transfer over the new limit is refused with the limit and what is left', async () => {
    const staffA = await signInStaff(suite.harness.app);
    const staffB = await secondStaffMember();
    const payer = await registerCustomer(suite.harness.app, { name: 'Farhana Yasmin' });
    const payee = await registerCustomer(suite.harness.app, { name: 'Rafiq Islam' });
    const payerAccount = await openFundedAccount(suite.harness.app, payer, staffA, 20_000, { user: 'Farhana Yasmin', role: 'Current' });
    const payeeAccount = await openFundedAccount(suite.harness.app, payee, staffA, 0, { user: 'Rafiq Islam' });

    // Staff A proposes 1,000 BDT per transfer and 2,500 BDT a day for current accounts.
    const pageA = await (await suite.newContext(1280, staffA)).newPage();
    pageA.setDefaultTimeout(15_000);
    await pageA.goto(`${suite.baseUrl}/dashboard/limits`);
    await expect.poll(() => pageA.title()).toBe('Transfer limits · Padma Bank');
    await pageA.getByLabel('Account type').selectOption('current');
    await pageA.getByLabel('New per-transfer limit (BDT)').fill('1000');
    await pageA.getByLabel('New per-day limit (BDT)').fill('2,500');
    await pageA.getByLabel('Reason').fill('Card fraud wave on current accounts');
    await pageA.getByRole('button', { name: 'Propose', exact: true }).click();
    await pageA.getByRole('button', { name: 'Yes, propose it' }).click();
    await expect.poll(() => pageA.getByText('Proposal sent for approval').count()).toBe(1);
    const row = pageA.getByTestId(/^limit-proposal-/);
    await expect.poll(() => row.count()).toBe(1);
    // The proposer may decline (withdraw) their proposal, never approve it.
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await row.getByText('Another member of staff must approve').count()).toBe(1);
    await pageA.waitForLoadState('networkidle');
    expect(await violations(pageA)).toEqual([]);
    await keepScreenshot(pageA, 'staff-a-1280');
    // Every tab of the dashboard, Limits included, fits the bar at 1280 px: none hides off its edge.
    expect(
      await pageA
        .getByTestId('dashboard-nav')
        .locator('ul')
        .evaluate((list) => list.scrollWidth <= list.clientWidth),
    ).toBe(true);

    // Staff B approves it, through the confirm dialog.
    const pageB = await (await suite.newContext(360, staffB.cookie)).newPage();
    pageB.setDefaultTimeout(15_000);
    await pageB.goto(`${suite.baseUrl}/dashboard/limits?status=pending`);
    await pageB.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => pageB.getByRole('dialog').getByText('Current accounts get 1,000.00 BDT per transfer and 2,500.00 BDT per day').count()).toBe(1);
    await keepScreenshot(pageB, 'staff-b-confirm-360');
    await pageB.getByRole('button', { name: 'Approve limits' }).click();
    // Changing a limit is confirmed with a fresh code from the approver's authenticator app.
    const prompt = pageB.getByTestId('step-up-prompt');
    await prompt.getByLabel('6-digit code').waitFor();
    await keepScreenshot(pageB, 'staff-b-code-360');
    await prompt.getByLabel('6-digit code').fill(await freshTotpCode(staffAuthenticator(staffB.email)));
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => pageB.getByText('New limits apply now').count()).toBe(1);
    await expect.poll(() => pageB.getByTestId('limits-current').textContent()).toContain('2,500.00 BDT');
    await pageB.goto(`${suite.baseUrl}/dashboard/limits`);
    await pageB.waitForLoadState('networkidle');
    expect(await violations(pageB)).toEqual([]);
    await keepScreenshot(pageB, 'staff-b-360');

    // The customer sees the new limits and is stopped before confirming an amount over them.
    const customerPage = await (await suite.newContext(360, payer.cookie)).newPage();
    customerPage.setDefaultTimeout(15_000);
    await customerPage.goto(`${suite.baseUrl}/moneyTrans/${payerAccount}`);
    await expect.poll(() => customerPage.getByTestId('transfer-limits').textContent()).toBe('Limits for this account: 1,000.00 BDT per transfer, 2,500.00 BDT a day. Left today: 2,500.00 BDT.');
    await customerPage.getByLabel('Receiver account number').fill(payeeAccount);
    await expect.poll(() => customerPage.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    await customerPage.getByLabel('Send amount (BDT)').fill('1500');
    await customerPage.getByRole('button', { name: 'Send money' }).click();
    await expect.poll(() => customerPage.getByText('This transfer is over the per-transfer limit of 1,000.00 BDT; 2,500.00 BDT is left today').count()).toBe(1);
    expect(await customerPage.getByRole('button', { name: 'Yes, send it' }).count()).toBe(0);
    await keepScreenshot(customerPage, 'customer-360');

    // Sent from elsewhere meanwhile (another device): the page's figures are stale, and the server, which decides, refuses.
    for (const amount of [1000, 1000]) {
      const sent = await call(suite.harness.app, 'PUT', '/api/userMoneyTrans', payer.cookie, { id: payerAccount, confirmedName: 'Rafiq Islam', accNum: payeeAccount, sendAmount: amount });
      expect(sent.statusCode).toBe(200);
    }
    await customerPage.getByLabel('Send amount (BDT)').fill('1000');
    await customerPage.getByRole('button', { name: 'Send money' }).click();
    // The server's check before the confirm step refuses it: no confirm step for a transfer that cannot go.
    const refusal = 'This transfer is over the daily limit of 2,500.00 BDT; 500.00 BDT is left today';
    await expect.poll(() => customerPage.getByText(refusal).first().isVisible()).toBe(true);
    expect(await customerPage.getByRole('button', { name: 'Yes, send it' }).count()).toBe(0);
    await customerPage.waitForLoadState('networkidle');
    expect(await violations(customerPage)).toEqual([]);
    await keepScreenshot(customerPage, 'customer-refused-360');

    const wide = await (await suite.newContext(1280, payer.cookie)).newPage();
    await wide.goto(`${suite.baseUrl}/moneyTrans/${payerAccount}`);
    await expect.poll(() => wide.getByTestId('transfer-limits').textContent()).toContain('Left today: 500.00 BDT.');
    await keepScreenshot(wide, 'customer-1280');
  }, 120_000);
});
