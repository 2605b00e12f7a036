import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bangladeshRailRules } from '../../src/shared/payment-rails/rail-rules';
import { railsCalendar } from '../../src/shared/payment-rails/rails-calendar';
import { sendPayment } from '../../src/server/modules/payments/payments.service';
import { depositApproved, openFundedAccount, signedInCustomer } from '../../src/server/test-support/banking';
import { controlClearing, deliverAll, drainClearing } from '../../src/server/test-support/clearing';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { inBangla } from '../support/screenshots';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

async function keepScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  // From the top: a sticky header scrolled with the page would sit over the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotDir, `payment-operations-${name}.png`), fullPage: true });
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/** A settled payment, one the switch booked whose answer the bank never got (stuck, and a break), and an inward credit. */
async function paymentsToOperate(staff: string) {
  const app = suite.harness.app;
  const customer = await registerCustomer(app, { name: 'Nasima Begum' });
  const account = await openFundedAccount(app, customer, staff, 100_000, { user: 'Nasima Begum' });
  await depositApproved(app, customer, staff, account, 50_000);
  const user = signedInCustomer(customer, 'Nasima Begum');
  const rules = { rules: bangladeshRailRules, calendar: railsCalendar(() => false), at: new Date('2026-11-25T12:30:00+06:00') };
  const pay = (amountPoisha: bigint) =>
    suite.harness.database.db.transaction((tx) =>
      sendPayment(
        tx,
        user,
        { accountId: account, receiverParticipant: 'DBBL', receiverAccount: '1011100012345', amountPoisha, confirmedReceiverName: 'RA*** UD***' },
        { holderName: 'Rahim Uddin' },
        rules,
      ),
    );
  await pay(1_250_00n);
  await drainClearing(app);
  await controlClearing(app, 'POST', 'inward', { to: 'PADMA', account, name: 'Nasima Begum', amount: '900' });
  await deliverAll(app);
  await controlClearing(app, 'POST', 'faults', { kind: 'timeout' });
  // The bank waits its answer timeout (10 s) for the switch, which booked the payment and holds its
  // answer. The switch's ticks would deliver the settlement to the bank: none runs after this one.
  const stuck = await pay(3_400_00n);
  await drainClearing(app);
  await controlClearing(app, 'DELETE', 'faults');
  return stuck;
}

describe('the payments operations page', () => {
  it('shows a stuck payment and its break, and files a repair for a second member of staff, at 1280 px and in Bangla at 360 px', async () => {
    const staff = await signInStaff(suite.harness.app);
    const stuck = await paymentsToOperate(staff);
    const page = await (await suite.newContext(1280, staff)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/dashboard/payments`);
    await expect.poll(() => page.getByRole('heading', { name: 'Payments operations' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Run now' }).click();
    await expect.poll(() => page.getByTestId('breaks-table').textContent()).toContain('Statuses differ');

    await page.getByLabel('Only stuck payments').check();
    const row = page.getByTestId(`payment-${stuck.reference}`);
    await expect.poll(() => row.textContent()).toContain('Stuck');
    // The stuck row was on the page before the filter too: wait for the filtered list itself.
    await expect.poll(() => page.getByTestId('payments-table').locator('tbody tr').count()).toBe(1);
    await row.getByRole('button', { name: `Ask for a repair of ${stuck.reference}` }).click();
    await page.getByLabel('Reason').fill('The switch booked it; its answer never reached us');
    await page.getByRole('button', { name: 'Ask for approval' }).click();
    await expect.poll(() => page.getByTestId(`repair-${stuck.reference}`).count()).toBe(1);
    expect(await page.getByTestId(`repair-${stuck.reference}`).textContent()).toContain('Ask the switch again');

    // The break, open until someone says what it is: explained in staff's words, it leaves the open list.
    await expect.poll(() => page.getByTestId('open-breaks-table').textContent()).toContain(stuck.messageId);
    await page
      .getByTestId('open-breaks-table')
      .getByRole('button', { name: `Explain ${stuck.messageId}` })
      .click();
    await page.getByRole('button', { name: 'Save explanation' }).click();
    await expect.poll(() => page.getByText('Say what you found and what was done about it').count()).toBeGreaterThan(0);
    await page.getByLabel('What you found and what was done').fill('The switch booked it and held its answer; a repair is asked for');
    await page.getByRole('button', { name: 'Save explanation' }).click();
    await expect.poll(() => page.getByTestId('breaks-table').textContent()).toContain('The switch booked it and held its answer');
    await expect.poll(() => page.getByTestId('open-breaks').textContent()).toContain('No open breaks');

    await page.getByLabel('Only stuck payments').uncheck();
    await page.waitForLoadState('networkidle');
    expect(await scrollsSideways(page)).toBe(false);
    await keepScreenshot(page, 'en-1280');

    // The maker's own approval is refused by the server, in its words.
    await page.getByTestId(`repair-${stuck.reference}`).getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByText('Another staff member must approve a change you asked for').count()).toBeGreaterThan(0);

    const phone = await (await suite.newContext(360, staff)).newPage();
    phone.setDefaultTimeout(15_000);
    await phone.goto(`${suite.baseUrl}/dashboard/payments`);
    await inBangla(phone);
    await expect.poll(() => phone.getByRole('heading', { name: 'পেমেন্ট পরিচালনা' }).count()).toBe(1);
    await expect.poll(() => phone.getByTestId(`payment-${stuck.reference}`).count()).toBe(1);
    await phone.getByRole('tab', { name: 'অন্তর্মুখী' }).click();
    await expect.poll(() => phone.getByTestId('payments-table').textContent()).toContain('জমা হয়েছে');
    await phone.getByRole('tab', { name: 'বহির্গামী' }).click();
    await phone.waitForLoadState('networkidle');
    expect(await scrollsSideways(phone)).toBe(false);
    await keepScreenshot(phone, 'bn-360');
  });
});
