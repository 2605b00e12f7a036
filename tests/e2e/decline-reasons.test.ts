import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, openFundedAccount, requestLoan } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

const shows = (page: Page, text: string) => expect.poll(() => page.getByText(text).count(), { timeout: 15_000 }).toBeGreaterThan(0);

/** Screenshots for a person to look at, only when asked for (SCREENSHOT_DIR). */
async function snap(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

async function loanStatus(loanId: string): Promise<string | undefined> {
  const result = await suite.harness.database.db.execute<{ status: string }>(sql`SELECT status FROM loan WHERE id = ${loanId}`);
  return result.rows[0]?.status;
}

describe('a request staff decline', () => {
  it('needs a reason from the list, and its customer reads it in English and in Bangla', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const customer = await registerCustomer(app, { name: 'Nusrat Jahan' });
    const accountId = await openFundedAccount(app, customer, staff, 0, { user: 'Nusrat Jahan' });
    const loanId = await requestLoan(app, customer, accountId);

    const staffPage = await (await suite.newContext(1280, staff)).newPage();
    staffPage.setDefaultTimeout(15_000);
    await staffPage.goto(`${suite.baseUrl}/dashboard/loanRequest?status=pending`);
    await staffPage.getByTestId(`loan-${loanId}`).getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = staffPage.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Decline request' });
    await confirm.click();
    await shows(staffPage, 'Choose why the request is declined');
    await dialog.getByLabel('Reason').selectOption('other');
    await confirm.click();
    await shows(staffPage, 'For “Other”, write why the request is declined');
    expect(await loanStatus(loanId)).toBe('pending');
    await snap(staffPage, 'decline-dialog-1280');
    await dialog.getByLabel('Note for the customer').fill('Please bring your latest salary slip to the branch.');
    await confirm.click();
    await expect.poll(() => loanStatus(loanId), { timeout: 20_000 }).toBe('declined');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await staffPage.goto(`${suite.baseUrl}/dashboard/loanRequest?status=declined`);
    const row = staffPage.getByTestId(`loan-${loanId}`);
    await expect.poll(() => row.getByTestId('declined-reason').textContent()).toBe('Other: Please bring your latest salary slip to the branch.');
    await snap(staffPage, 'declined-loans-1280');

    const customerPage = await (await suite.newContext(360, customer.cookie)).newPage();
    customerPage.setDefaultTimeout(15_000);
    await customerPage.goto(`${suite.baseUrl}/myLoans`);
    await shows(customerPage, 'Declined requests');
    const reason = customerPage.getByTestId('declined-reason');
    await expect.poll(() => reason.textContent()).toContain('Reason: Another reason');
    expect(await reason.textContent()).toContain('Note from the bank: Please bring your latest salary slip to the branch.');
    expect(await reason.textContent()).toContain('You may request again.');
    await snap(customerPage, 'my-loans-declined-360-en');

    await customerPage
      .getByRole('button', { name: /^বাংলা/ })
      .first()
      .click();
    await shows(customerPage, 'প্রত্যাখ্যাত আবেদন');
    await expect.poll(() => reason.textContent()).toContain('কারণ: অন্য কারণ');
    expect(await reason.textContent()).toContain('আপনি আবার আবেদন করতে পারেন।');
    await snap(customerPage, 'my-loans-declined-360-bn');

    // Declined, the loan no longer holds the account: the customer may ask again.
    expect((await call(app, 'GET', `/api/singleAccDetails/${accountId}`, customer.cookie)).json()).not.toHaveProperty('loanStatus');
    await requestLoan(app, customer, accountId);
  });
});
