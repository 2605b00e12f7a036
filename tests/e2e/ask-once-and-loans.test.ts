import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { payInDetails } from '../../src/shared/pay-in';
import { call, openFundedAccount, salaryCertificatePdf } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { fillAccountRequest } from '../support/account-request-form';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();
const phone = 360;

/** Where the screens of this journey are kept to look at (both languages, phone and desktop); none when unset. */
const screenshotDir = process.env.SCREENSHOT_DIR;
async function keep(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

const shows = (page: Page, text: string) => expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0);

describe('on a 360 px phone', () => {
  it('registers with a name and no photo, and opening an account shows that name instead of asking it again', async () => {
    const context = await suite.newContext(phone);
    const page = await context.newPage();
    const email = `rumana.${Date.now()}@example.com`;
    await page.goto(`${suite.baseUrl}/register`);
    await page.getByLabel('Full name').fill('Rumana Parvin');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('rain on the jamuna in july');
    expect(await page.getByLabel('Profile photo').count()).toBe(0);
    await keep(page, 'en-360-register');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${suite.baseUrl}/myAccounts`);

    await page.goto(`${suite.baseUrl}/openAcc`);
    await expect.poll(() => page.getByLabel('Account holder’s name').inputValue()).toBe('Rumana Parvin');
    expect(await page.getByLabel('Account holder’s name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('First name').count()).toBe(0);
    expect(await page.getByLabel('Last name').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Change it on your profile' }).getAttribute('href')).toBe('/userProfile');
    await keep(page, 'en-360-open-account');
    // The name is changed in one place, the profile, and account opening shows the new one.
    await page.getByRole('link', { name: 'Change it on your profile' }).click();
    await page.getByLabel('Your name').fill('Rumana Parvin Khan');
    await page.getByRole('button', { name: 'Save name' }).click();
    await shows(page, 'Name saved');
    await page.goto(`${suite.baseUrl}/openAcc`);
    await expect.poll(() => page.getByLabel('Account holder’s name').inputValue()).toBe('Rumana Parvin Khan');
    await (await fillAccountRequest(page)).click();
    await shows(page, 'Requested for your Account Successfully!!');
    const staff = await signInStaff(suite.harness.app);
    const pending = (await call(suite.harness.app, 'GET', '/api/userAccounts?status=pending', staff)).json() as Array<{ email: string; user: string }>;
    expect(pending.find((account) => account.email === email)?.user).toBe('Rumana Parvin Khan');
  });

  it('shows on the deposit page how the money gets to the bank, with the customer’s own account as the reference', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app, { name: 'Selina Hossain' });
    const accountId = await openFundedAccount(suite.harness.app, customer, staff, 0, { user: 'Selina Hossain' });
    for (const [language, width] of [
      ['en', phone],
      ['bn', phone],
      ['en', 1280],
      ['bn', 1280],
    ] as const) {
      const context = await suite.newContext(width, customer.cookie);
      // Each page in its own language, whatever the customer chose on the page before it.
      await context.addInitScript((chosen) => localStorage.setItem('padma-bank.language', chosen), language);
      const page = await context.newPage();
      await page.goto(`${suite.baseUrl}/deposit/${accountId}`);
      const ways = page.getByTestId('pay-in-ways');
      await expect.poll(() => ways.count()).toBe(1);
      const text = (await ways.textContent()) ?? '';
      if (language === 'en') {
        for (const expected of [
          'Cash at a branch',
          'From bKash or Nagad',
          'Transfer from another bank',
          payInDetails.routingNumber,
          payInDetails.bkashMerchantNumber,
          payInDetails.nagadMerchantNumber,
          accountId,
          'Selina Hossain',
        ]) {
          expect(text).toContain(expected);
        }
      } else {
        for (const expected of ['শাখায় নগদ', 'বিকাশ বা নগদ থেকে', 'অন্য ব্যাংক থেকে ট্রান্সফার', '০৯৫২৬১৪৫৭', '০১৭৩০০৯৫২৬১']) expect(text).toContain(expected);
      }
      // Nothing runs off a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await keep(page, `${language}-${width}-deposit`);
    }
  });

  it('requests a loan with an uploaded salary certificate, and shows the monthly instalment before it is sent', async () => {
    const staff = await signInStaff(suite.harness.app);
    const customer = await registerCustomer(suite.harness.app, { name: 'Mahmud Hasan' });
    const accountId = await openFundedAccount(suite.harness.app, customer, staff, 0, { user: 'Mahmud Hasan' });
    const context = await suite.newContext(phone, customer.cookie);
    const page = await context.newPage();
    await page.goto(`${suite.baseUrl}/loanReq/${accountId}`);
    await page.getByLabel('Loan type').selectOption('personal');
    await shows(page, 'A Personal loan asks for a monthly income of at least 50,000.00 BDT.');
    expect(await page.getByLabel('Passport image').count()).toBe(0);
    await shows(page, 'The NID on this account (1234567890) identifies you: no passport is needed.');
    await page.getByLabel('Duration').selectOption('12');
    await page.getByLabel('Loan amount (BDT)').fill('20000');
    // 20,000 BDT at 3 % for 12 months: 20,600.00 BDT, the largest instalment 1,716.67 BDT.
    const estimate = page.getByTestId('loan-estimate');
    await expect.poll(() => estimate.textContent()).toContain('1,716.67 BDT');
    expect(await estimate.textContent()).toContain('12 instalments; total to repay 20,600.00 BDT');
    await page.getByLabel('Monthly income (BDT)').fill('55000');
    await page.getByLabel('Company name').fill('Jamuna Electronics Ltd.');
    await page.getByLabel('Proof of income').selectOption('salary-certificate');
    await page.getByLabel('Upload the document').setInputFiles({ name: 'salary-certificate.pdf', mimeType: 'application/pdf', buffer: salaryCertificatePdf });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keep(page, 'en-360-loan-request');
    await page.getByRole('button', { name: 'Request loan' }).click();
    await shows(page, 'Requested for the Loan Successfully!!!');

    const loans = (await call(suite.harness.app, 'GET', '/api/userLoanReq?status=pending', staff)).json() as Array<{
      accNum: string;
      documentKind: string;
      documentIsPdf: boolean;
      monthlyInstalment: number;
      document: string;
    }>;
    const loan = loans.find((candidate) => candidate.accNum === accountId);
    expect(loan).toMatchObject({ documentKind: 'salary-certificate', documentIsPdf: true, monthlyInstalment: 1716.67 });
    const stored = await call(suite.harness.app, 'GET', loan?.document ?? '', staff);
    expect(stored.rawPayload.equals(salaryCertificatePdf)).toBe(true);

    for (const [language, width] of [
      ['bn', phone],
      ['en', 1280],
      ['bn', 1280],
    ] as const) {
      const other = await suite.newContext(width, customer.cookie);
      if (language === 'bn') await other.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
      const view = await other.newPage();
      await view.goto(`${suite.baseUrl}/loanReq/${accountId}`);
      await view.locator('#loan-type').selectOption('home');
      await view.locator('#loan-duration').selectOption('24');
      await view.locator('#loan-amount').fill('100000');
      await expect.poll(() => view.getByTestId('loan-estimate').count()).toBe(1);
      await keep(view, `${language}-${width}-loan-request`);
    }
  });
});
