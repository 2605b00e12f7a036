import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { pdfText } from '../../src/server/test-support/pdf-text';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();
/** Set REFERENCE_SCREENSHOTS to a folder to keep pictures of both screens at both widths, in both languages. */
const screenshotDir = process.env.REFERENCE_SCREENSHOTS;

const rowIds = (page: Page) => page.locator('[data-testid^="account-"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
const referencesOn = (page: Page) => page.getByTestId('line-reference').allTextContents();

describe('a short reference', () => {
  it('read off a customer’s receipt and typed by staff as heard, finds the movement', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app, { name: 'Nasima Begum' });
    const friend = await registerCustomer(suite.harness.app, { name: 'Jahid Hossain' });
    const account = await openFundedAccount(suite.harness.app, customer, staff, 5_000, { user: 'Nasima Begum' });
    const friendAccount = await openFundedAccount(suite.harness.app, friend, staff, 100, { user: 'Jahid Hossain', role: 'Current' });
    const sent = await call(suite.harness.app, 'PUT', '/api/userMoneyTrans', customer.cookie, { id: account, confirmedName: 'Jahid Hossain', accNum: friendAccount, sendAmount: 750 });
    expect(sent.statusCode).toBe(200);
    const reference = String(sent.json().reference);

    // The customer sees the reference under the line on their statement, and on the receipt they download.
    const customerPage = await (await suite.newContext(360, customer.cookie)).newPage();
    customerPage.setDefaultTimeout(15_000);
    await customerPage.goto(`${suite.baseUrl}/singleDetails/${account}`);
    await expect.poll(() => referencesOn(customerPage)).toContain(reference);
    const receipt = await call(suite.harness.app, 'GET', `/api/transferReceipt/${sent.json().insertedId}/pdf`, customer.cookie);
    expect(pdfText(receipt.rawPayload)).toContain(reference);
    if (screenshotDir) await customerPage.screenshot({ path: path.join(screenshotDir, 'reference-customer-360.png'), fullPage: true });

    // Read out over the phone and typed by staff in lower case with spaces, a zero heard as the letter O.
    const heard = reference.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o');
    for (const width of [1280, 360]) {
      const page = await (await suite.newContext(width, staff)).newPage();
      page.setDefaultTimeout(15_000);
      // Every status: both accounts are active, and the list opens on what waits.
      await page.goto(`${suite.baseUrl}/dashboard?status=all`);
      await page.getByRole('searchbox', { name: 'Search' }).fill(heard);
      // The list asks the server once the typing pauses and the search is in the address.
      await page.waitForURL((url) => url.searchParams.get('q') === heard);
      // Both accounts the transfer moved money between, and no other.
      await expect.poll(async () => (await rowIds(page)).sort()).toEqual([`account-${account}`, `account-${friendAccount}`].sort());
      if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `reference-search-${width}.png`), fullPage: true });

      await page.locator(`a[href="/dashboard/singleAccDetails/${account}"]`).first().click();
      await expect.poll(() => referencesOn(page)).toContain(reference);
      // The period statement's texts are the customer's page's, loaded beside the staff's own.
      expect(await page.getByRole('button', { name: 'Show statement' }).count()).toBe(1);
      if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `reference-account-${width}.png`), fullPage: true });
    }

    if (screenshotDir) {
      fs.mkdirSync(screenshotDir, { recursive: true });
      const bangla = await suite.newContext(360, staff);
      await bangla.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
      const page = await bangla.newPage();
      await page.goto(`${suite.baseUrl}/dashboard/singleAccDetails/${account}`);
      await expect.poll(() => referencesOn(page)).toContain(reference);
      await page.screenshot({ path: path.join(screenshotDir, 'reference-account-360-bn.png'), fullPage: true });
    }
  });
});
