import fs from 'node:fs';
import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, dhakaDay } from '../../src/shared/dates';
import { toBanglaDigits } from '../../src/shared/digits';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { pdfText } from '../../src/server/test-support/pdf-text';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();
/** Set STATEMENT_SCREENSHOTS to a folder to keep pictures of the section at both widths. */
const screenshotDir = process.env.STATEMENT_SCREENSHOTS;

/** Types a day into the three-part date field whose day input has `id`. */
async function enterDay(page: Page, id: string, day: string): Promise<void> {
  const [year = '', month = '', date = ''] = day.split('-');
  await page.locator(`#${id}`).fill(String(Number(date)));
  await page.locator(`#${id}-month`).selectOption(String(Number(month)));
  await page.locator(`#${id}-year`).fill(year);
}

async function downloadBy(page: Page, link: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  return { download, bytes: fs.readFileSync(file) };
}

describe('a statement for a period', () => {
  it('is picked with day, month and year, shows opening and closing balances, and downloads as CSV, PDF and receipts', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app, { name: 'Nusrat Jahan' });
    const friend = await registerCustomer(suite.harness.app, { name: 'Tanvir Ahmed' });
    const account = await openFundedAccount(suite.harness.app, customer, staff, 12_000, { user: 'Nusrat Jahan' });
    const friendAccount = await openFundedAccount(suite.harness.app, friend, staff, 100, { user: 'Tanvir Ahmed', role: 'Current' });
    const sent = await call(suite.harness.app, 'PUT', '/api/userMoneyTrans', customer.cookie, { id: account, confirmedName: 'Tanvir Ahmed', accNum: friendAccount, sendAmount: 1500 });
    expect(sent.statusCode).toBe(200);

    const page = await (await suite.newContext(1280, customer.cookie)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/singleDetails/${account}`);
    const section = page.getByTestId('statement-period');
    await expect.poll(() => section.getByTestId('period-closing').textContent()).toBe('10,500.00 BDT');

    // A range that ends before today is refused on the field, in words, before anything is asked.
    const today = dhakaDay(new Date());
    await enterDay(page, 'period-from', today);
    await enterDay(page, 'period-to', addCalendarDays(today, -1));
    await section.getByRole('button', { name: 'Show statement' }).click();
    await expect.poll(() => section.getByText('To date must be on or after the From date').count()).toBe(1);

    // The week up to yesterday: nothing yet, so opening and closing are both 0.
    await enterDay(page, 'period-from', addCalendarDays(today, -7));
    await section.getByRole('button', { name: 'Show statement' }).click();
    await expect.poll(() => section.getByTestId('period-closing').textContent()).toBe('0.00 BDT');
    expect(await section.getByTestId('period-opening').textContent()).toBe('0.00 BDT');
    expect(await section.getByText('No transactions in this period.').count()).toBe(1);

    // The week up to today: the deposit and the transfer.
    await enterDay(page, 'period-to', today);
    await section.getByRole('button', { name: 'Show statement' }).click();
    await expect.poll(() => section.getByTestId('period-closing').textContent()).toBe('10,500.00 BDT');
    expect(await section.getByTestId('period-in').textContent()).toBe('+12,000.00 BDT');
    expect(await section.getByTestId('period-out').textContent()).toBe('−1,500.00 BDT');
    expect(await section.getByTestId('period-table').locator('tbody tr').count()).toBe(2);

    const csv = await downloadBy(page, section.getByRole('link', { name: 'Download CSV' }));
    expect(csv.download.suggestedFilename()).toBe(`statement-${account}-${addCalendarDays(today, -7)}-to-${today}.csv`);
    expect(csv.bytes.toString('utf8')).toContain(`"${today}","Closing balance","1500.00","12000.00","10500.00",""`);

    const pdf = await downloadBy(page, section.getByRole('link', { name: 'Download PDF' }));
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf.bytes)).toContain(`••••${account.slice(-4)}`);
    expect(pdfText(pdf.bytes)).toContain('10,500.00 BDT');

    const receipt = await downloadBy(page, section.getByTestId('period-table').getByRole('link', { name: /Receipt \(PDF\)/ }));
    expect(receipt.download.suggestedFilename()).toBe(`receipt-${sent.json().reference}.pdf`);
    expect(pdfText(receipt.bytes)).toContain('1,500.00 BDT');

    if (screenshotDir) {
      await section.screenshot({ path: path.join(screenshotDir, 'statement-period-1280.png') });
      const phone = await (await suite.newContext(360, customer.cookie)).newPage();
      await phone.goto(`${suite.baseUrl}/singleDetails/${account}`);
      await expect.poll(() => phone.getByTestId('period-closing').textContent()).toBe('10,500.00 BDT');
      const box = await phone.getByTestId('statement-period').boundingBox();
      // A clip of the full page, so that the fixed header and tab bar do not cover the section.
      if (box) await phone.screenshot({ path: path.join(screenshotDir, 'statement-period-360.png'), fullPage: true, clip: box });
      const bangla = await suite.newContext(360, customer.cookie);
      await bangla.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
      const banglaPage = await bangla.newPage();
      await banglaPage.goto(`${suite.baseUrl}/singleDetails/${account}`);
      await expect.poll(() => banglaPage.getByTestId('period-closing').textContent()).toBe('১০,৫০০.০০ টাকা');
      const banglaBox = await banglaPage.getByTestId('statement-period').boundingBox();
      if (banglaBox) await banglaPage.screenshot({ path: path.join(screenshotDir, 'statement-period-360-bn.png'), fullPage: true, clip: banglaBox });
    }
  });

  it('reads in Bangla on a phone: each line and the account type in Bangla words and digits, the PDF in Bangla with the name drawn', async () => {
    const staff = await signInStaff(suite.harness.app);
    const name = 'আলম বাবর';
    const customer = await registerCustomer(suite.harness.app, { name: 'Alam Babor' });
    const friend = await registerCustomer(suite.harness.app, { name: 'Tanvir Ahmed' });
    const account = await openFundedAccount(suite.harness.app, customer, staff, 12_000, { user: name });
    const friendAccount = await openFundedAccount(suite.harness.app, friend, staff, 100, { user: 'Tanvir Ahmed', role: 'Current' });
    const sent = await call(suite.harness.app, 'PUT', '/api/userMoneyTrans', customer.cookie, { id: account, confirmedName: 'Tanvir Ahmed', accNum: friendAccount, sendAmount: 1500 });
    expect(sent.statusCode).toBe(200);

    const context = await suite.newContext(360, customer.cookie);
    await context.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/singleDetails/${account}`);
    const list = page.getByTestId('statement-period').getByTestId('period-list');
    await expect.poll(() => list.getByText('নগদ জমা: ১২,০০০.০০ টাকা').count()).toBe(1);
    const transferWords = `স্থানান্তর: ১,৫০০.০০ টাকা, ${name} (${toBanglaDigits(account)}) থেকে Tanvir Ahmed (${toBanglaDigits(friendAccount)})-এর হিসাবে`;
    expect(await list.getByText(transferWords).count()).toBe(1);
    expect(await page.getByText('Cash deposit of').count()).toBe(0);
    expect(await page.getByText('সঞ্চয়ী', { exact: true }).count()).toBeGreaterThan(0);

    const pdf = await downloadBy(page, page.getByTestId('statement-period').getByRole('link', { name: 'PDF নামান' }));
    const text = pdfText(pdf.bytes);
    expect(text).toContain(name);
    expect(text).toContain('১০,৫০০.০০ টাকা');
    expect(text).not.toContain('?');
    if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, 'statement-lines-360-bn.png'), fullPage: true });
  });

  it('gives the transfer screen a receipt PDF, and staff the period without receipts', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app, { name: 'Farhana Akter' });
    const friend = await registerCustomer(suite.harness.app, { name: 'Rafiq Islam' });
    const account = await openFundedAccount(suite.harness.app, customer, staff, 5_000, { user: 'Farhana Akter' });
    const friendAccount = await openFundedAccount(suite.harness.app, friend, staff, 0, { user: 'Rafiq Islam', role: 'Current' });

    const page = await (await suite.newContext(360, customer.cookie)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/moneyTrans/${account}`);
    await page.getByLabel('Receiver account number').fill(friendAccount);
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    await page.getByLabel('Send amount (BDT)').fill('250');
    await page.getByRole('button', { name: 'Send money' }).click();
    await page.getByRole('button', { name: 'Yes, send it' }).click();
    const receiptLink = page.getByTestId('operation-receipt').getByRole('link', { name: 'Receipt (PDF)' });
    const receipt = await downloadBy(page, receiptLink);
    const text = pdfText(receipt.bytes);
    expect(text).toContain('250.00 BDT');
    expect(text).toContain('Your balance after the transfer');
    expect(text).toContain('4,750.00 BDT');

    const staffPage = await (await suite.newContext(1280, staff)).newPage();
    staffPage.setDefaultTimeout(15_000);
    await staffPage.goto(`${suite.baseUrl}/dashboard/singleAccDetails/${account}`);
    const section = staffPage.getByTestId('statement-period');
    await expect.poll(() => section.getByTestId('period-closing').textContent()).toBe('4,750.00 BDT');
    expect(await section.getByRole('link', { name: /Receipt/ }).count()).toBe(0);
    expect(await section.getByRole('link', { name: 'Download PDF' }).count()).toBe(1);
    if (screenshotDir) {
      await section.screenshot({ path: path.join(screenshotDir, 'statement-period-staff-1280.png') });
      await page.screenshot({ path: path.join(screenshotDir, 'transfer-receipt-360.png'), fullPage: true });
    }
  });
});
