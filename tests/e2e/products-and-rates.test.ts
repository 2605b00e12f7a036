import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../src/shared/dates';
import { schema } from '../../src/server/db/client';
import { currentBusinessDate } from '../../src/server/modules/day-close/day-close';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff, staffAuthenticator } from '../../src/server/test-support/test-app';
import { freshTotpCode } from '../../src/server/test-support/two-factor';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** Where the screens are kept for a person to look at, as the route gallery keeps its own. */
const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

async function keepScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `products-and-rates-${name}.png`), fullPage: true });
}

/** A second member of staff: the maker-checker rule needs two. */
async function secondStaffMember(): Promise<{ cookie: string; email: string }> {
  const colleague = await registerCustomer(suite.harness.app, { name: 'Nasrin Sultana' });
  await suite.harness.database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, colleague.userId));
  return { cookie: await signInStaff(suite.harness.app, { email: colleague.email, password: colleague.password }), email: colleague.email };
}

describe('products and rates', () => {
  it('staff A proposes new savings terms, staff B approves them with a code; the product page and the customer’s account show the rate', async () => {
    const staffA = await signInStaff(suite.harness.app);
    const staffB = await secondStaffMember();
    const effectiveFrom = addCalendarDays(await currentBusinessDate(suite.harness.database.db), 10);

    const pageA = await (await suite.newContext(1280, staffA)).newPage();
    pageA.setDefaultTimeout(15_000);
    await pageA.goto(`${suite.baseUrl}/dashboard/rates`);
    await expect.poll(() => pageA.title()).toBe('Products and rates · Padma Bank');
    await expect.poll(() => pageA.getByTestId('terms-savings').textContent()).toContain('In force');
    const termsForm = pageA.getByTestId('propose-terms-form');
    await termsForm.getByLabel('Account type').selectOption('savings');
    await termsForm.getByLabel('Effective from (business date)').fill(effectiveFrom);
    await termsForm.getByLabel('Minimum balance to earn (BDT)').fill('1000');
    await termsForm.getByLabel('Rate a year (%)').first().fill('3.25');
    await termsForm.getByRole('button', { name: 'Add a tier' }).click();
    await termsForm.getByLabel('From balance (BDT)').nth(1).fill('100000');
    await termsForm.getByLabel('Rate a year (%)').nth(1).fill('3.75');
    await termsForm.getByLabel('Reason').fill('ALCO meeting: savings rates up');
    await termsForm.getByRole('button', { name: 'Propose', exact: true }).click();
    await termsForm.getByRole('button', { name: 'Yes, propose them' }).click();
    await expect.poll(() => pageA.getByText('Proposal sent for approval').count()).toBe(1);
    const row = pageA.getByTestId('terms-proposal');
    await expect.poll(() => row.count()).toBe(1);
    // The proposer may withdraw the proposal, never approve it.
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await pageA.waitForLoadState('networkidle');
    await keepScreenshot(pageA, 'staff-a-1280');

    const pageB = await (await suite.newContext(360, staffB.cookie)).newPage();
    pageB.setDefaultTimeout(15_000);
    await pageB.goto(`${suite.baseUrl}/dashboard/rates`);
    await pageB.getByTestId('terms-proposal').getByRole('button', { name: 'Approve' }).click();
    await pageB.getByRole('button', { name: 'Approve terms' }).click();
    const prompt = pageB.getByTestId('step-up-prompt');
    await prompt.getByLabel('6-digit code').waitFor();
    await prompt.getByLabel('6-digit code').fill(await freshTotpCode(staffAuthenticator(staffB.email)));
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => pageB.getByText('New terms approved').count()).toBe(1);
    await expect.poll(() => pageB.getByTestId('terms-savings').textContent()).toContain('Scheduled');
    await pageB.waitForLoadState('networkidle');
    await keepScreenshot(pageB, 'staff-b-360');

    // FDR rates the same way: A proposes a sheet for every term, B approves it with a code.
    const fdrForm = pageA.getByTestId('propose-fdr-rates-form');
    await fdrForm.getByLabel('Effective from (business date)').fill(effectiveFrom);
    for (const [index, rate] of ['6.25', '8.25', '8.5', '9', '9', '9.25'].entries()) {
      await fdrForm
        .getByLabel(/: rate a year/)
        .nth(index)
        .fill(rate);
      await fdrForm
        .getByLabel(/: if broken early/)
        .nth(index)
        .fill('2.5');
    }
    await fdrForm.getByLabel('Minimum deposit (BDT)').fill('15,000');
    await fdrForm.getByLabel('Reason').fill('ALCO meeting: FDR rates up, minimum deposit 15,000 BDT');
    await fdrForm.getByRole('button', { name: 'Propose', exact: true }).click();
    await fdrForm.getByRole('button', { name: 'Yes, propose them' }).click();
    await expect.poll(() => pageA.getByTestId('rate-proposal-fdr').count()).toBe(1);
    expect(await pageA.getByTestId('rate-proposal-fdr').textContent()).toContain('Minimum deposit 15,000.00 BDT');
    expect(await pageA.getByTestId('rate-proposal-fdr').getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await pageA.waitForLoadState('networkidle');
    await keepScreenshot(pageA, 'fdr-proposed-1280');

    await pageB.reload();
    await pageB.getByTestId('rate-proposal-fdr').getByRole('button', { name: 'Approve' }).click();
    await pageB.getByRole('button', { name: 'Approve rates' }).click();
    await prompt.getByLabel('6-digit code').waitFor();
    await prompt.getByLabel('6-digit code').fill(await freshTotpCode(staffAuthenticator(staffB.email)));
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => pageB.getByText('New rates approved').count()).toBe(1);
    await expect.poll(() => pageB.getByTestId('rate-sheet-fdr').first().textContent()).toContain('Scheduled');
    expect(await pageB.getByTestId('rate-sheet-fdr').first().textContent()).toContain('Minimum deposit 15,000.00 BDT');
    expect(await pageB.getByTestId('rate-sheet-dps').first().textContent()).toContain('Instalment 500.00 BDT to 25,000.00 BDT a month');
    await pageB.waitForLoadState('networkidle');
    await keepScreenshot(pageB, 'fdr-approved-360');

    // The page in Bangla, on a phone and wide.
    expect((await call(suite.harness.app, 'PUT', '/api/me/language', staffA, { language: 'bn' })).statusCode).toBe(200);
    for (const width of [360, 1280]) {
      const bangla = await (await suite.newContext(width, staffA)).newPage();
      await bangla.goto(`${suite.baseUrl}/dashboard/rates`);
      await expect.poll(() => bangla.getByTestId('rate-sheet-fdr').first().textContent()).toContain('নির্ধারিত');
      await bangla.waitForLoadState('networkidle');
      await keepScreenshot(bangla, `bn-${width}`);
    }
    // Staff A reads English again in the tests after this one.
    expect((await call(suite.harness.app, 'PUT', '/api/me/language', staffA, { language: 'en' })).statusCode).toBe(200);

    // The public product page: the savings terms in force and the FDR rates with the way to open one.
    const visitor = await (await suite.newContext(360)).newPage();
    visitor.setDefaultTimeout(15_000);
    await visitor.goto(`${suite.baseUrl}/accountDetail/savings`);
    await expect.poll(() => visitor.getByTestId('account-type-interest').textContent()).toContain('2.50 %');
    await expect.poll(() => visitor.getByTestId('public-fdr-rates').count()).toBe(1);
    expect(await visitor.getByTestId('public-fdr-rates').getByRole('link', { name: 'Open a fixed deposit' }).getAttribute('href')).toBe('/fdr');
    await keepScreenshot(visitor, 'product-360');
    const wideVisitor = await (await suite.newContext(1280)).newPage();
    await wideVisitor.goto(`${suite.baseUrl}/accountDetail/savings`);
    await expect.poll(() => wideVisitor.getByTestId('public-fdr-rates').count()).toBe(1);
    await keepScreenshot(wideVisitor, 'product-1280');

    // The customer's account shows its rate and what has accrued, not yet posted.
    const customer = await registerCustomer(suite.harness.app, { name: 'Farhana Yasmin' });
    const account = await openFundedAccount(suite.harness.app, customer, staffA, 20_000, { user: 'Farhana Yasmin' });
    const customerPage = await (await suite.newContext(360, customer.cookie)).newPage();
    customerPage.setDefaultTimeout(15_000);
    await customerPage.goto(`${suite.baseUrl}/singleDetails/${account}`);
    await expect.poll(() => customerPage.getByTestId('account-rate').textContent()).toContain('2.50 %');
    await expect.poll(() => customerPage.getByTestId('account-accrued').textContent()).toContain('Interest accrued, not yet posted');
    await keepScreenshot(customerPage, 'account-360');
    const wideCustomer = await (await suite.newContext(1280, customer.cookie)).newPage();
    await wideCustomer.goto(`${suite.baseUrl}/myAccounts`);
    await expect.poll(() => wideCustomer.getByTestId('account-rate').first().textContent()).toContain('2.50 %');
    await keepScreenshot(wideCustomer, 'my-accounts-1280');
  }, 180_000);

  it('staff A proposes an excise table from the table in force, staff B approves it with a code; the year’s duty shows charged, collected and due', async () => {
    const staffA = await signInStaff(suite.harness.app);
    const staffB = await secondStaffMember();
    const db = suite.harness.database.db;
    const effectiveFrom = addCalendarDays(await currentBusinessDate(db), 30);
    // A year already levied on an account that could pay none of it, for the year's totals.
    const customer = await registerCustomer(suite.harness.app, { name: 'Farhana Yasmin' });
    const account = await openFundedAccount(suite.harness.app, customer, staffA, 1_000, { user: 'Farhana Yasmin' });
    await db.execute(sql`
      INSERT INTO excise_duty_charge (bank_account_id, year, business_date, table_id, highest_balance_poisha, duty_poisha, charged_poisha, due_poisha)
      SELECT ${account}, 2025, '2025-12-31', id, 40000000, 15000, 0, 15000 FROM excise_duty_table WHERE effective_from = '2025-07-01'`);

    const pageA = await (await suite.newContext(1280, staffA)).newPage();
    pageA.setDefaultTimeout(15_000);
    await pageA.goto(`${suite.baseUrl}/dashboard/excise`);
    await expect.poll(() => pageA.title()).toBe('Excise duty · Padma Bank');
    await expect.poll(() => pageA.getByTestId('excise-table-in-force').textContent()).toContain('Up to 3,00,000.00 BDT');
    await pageA.getByLabel('Effective from (business date)').fill(effectiveFrom);
    await pageA.getByRole('button', { name: 'Start from the table in force' }).click();
    await pageA.getByLabel('Duty (BDT)').nth(1).fill('200');
    await pageA.getByLabel('Reason').fill('Finance Act: the 5 lakh slab pays 200 BDT');
    await pageA.getByRole('button', { name: 'Propose', exact: true }).click();
    await pageA.getByRole('button', { name: 'Yes, propose it' }).click();
    await expect.poll(() => pageA.getByText('Table sent for approval').count()).toBe(1);
    await expect.poll(() => pageA.getByTestId('excise-proposal').count()).toBe(1);
    expect(await pageA.getByTestId('excise-proposal').getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await pageA.waitForLoadState('networkidle');
    await keepScreenshot(pageA, 'excise-staff-a-1280');

    const pageB = await (await suite.newContext(360, staffB.cookie)).newPage();
    pageB.setDefaultTimeout(15_000);
    await pageB.goto(`${suite.baseUrl}/dashboard/excise`);
    await pageB.getByTestId('excise-proposal').getByRole('button', { name: 'Approve' }).click();
    await pageB.getByRole('button', { name: 'Approve table' }).click();
    const prompt = pageB.getByTestId('step-up-prompt');
    await prompt.getByLabel('6-digit code').waitFor();
    await prompt.getByLabel('6-digit code').fill(await freshTotpCode(staffAuthenticator(staffB.email)));
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => pageB.getByText('New table approved').count()).toBe(1);
    await expect.poll(() => pageB.getByTestId('excise-table-scheduled').textContent()).toContain('200.00 BDT');
    await pageB.waitForLoadState('networkidle');
    await keepScreenshot(pageB, 'excise-staff-b-360');

    for (const width of [360, 1280]) {
      const context = await suite.newContext(width, staffA);
      await context.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
      const page = await context.newPage();
      await page.goto(`${suite.baseUrl}/dashboard/excise`);
      await expect.poll(() => page.getByTestId('excise-year-totals').textContent()).toContain('১৫০.০০ টাকা');
      await page.waitForLoadState('networkidle');
      await keepScreenshot(page, `excise-bn-${width}`);
    }
  }, 180_000);
});
