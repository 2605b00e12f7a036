import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dhakaDay } from '../../src/shared/dates';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff, type TestApp } from '../../src/server/test-support/test-app';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { contextWithSession } from '../support/safe-actions';

let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;
let staff: string;

beforeAll(async () => {
  started = await startBrowserHarness({ rateLimitMultiplier: 5 });
  ({ harness, browser, baseUrl } = started);
  staff = await signInStaff(harness.app);
});
afterAll(async () => started?.close());

/** Where the pictures go, for a person to look at; set TAX_CERTIFICATE_SCREENSHOTS to keep them. */
const shotsDir = process.env.TAX_CERTIFICATE_SCREENSHOTS;

describe('the tax certificate on the account page', () => {
  for (const [language, width] of [
    ['en', 1280],
    ['en', 360],
    ['bn', 1280],
    ['bn', 360],
  ] as const) {
    it(`downloads the chosen year's certificate as a PDF (${language}, ${width} px)`, async () => {
      const customer = await registerCustomer(harness.app, { name: 'Shirin Akter' });
      const accountId = await openFundedAccount(harness.app, customer, staff, 20_000, { user: 'Shirin Akter' });
      // Opened in 2024: the years from then are offered, newest first.
      await harness.database.db.execute(sql`UPDATE bank_account SET approved_at = '2024-03-10T10:00:00+06:00' WHERE id = ${accountId}`);
      expect((await call(harness.app, 'PUT', '/api/me/language', customer.cookie, { language })).statusCode).toBe(200);
      const context = await contextWithSession(browser, baseUrl, customer.cookie, width);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const bn = language === 'bn';
      await page.goto(`${baseUrl}/singleDetails/${accountId}`);
      const section = page.getByTestId('tax-certificate');
      await section.getByRole('heading', { name: bn ? 'কর সনদ' : 'Tax certificate' }).waitFor();
      const year = section.getByLabel(bn ? 'বছর' : 'Year');
      const thisYear = Number(dhakaDay(new Date()).slice(0, 4));
      expect(await year.inputValue()).toBe(String(thisYear - 1));
      expect(await year.locator('option').count()).toBe(thisYear - 2024 + 1);
      await year.selectOption('2024');
      const link = section.getByRole('link', { name: bn ? 'কর সনদ নামান (PDF)' : 'Download tax certificate (PDF)' });
      const href = await link.getAttribute('href');
      expect(href).toBe(`/api/accountStatement/${accountId}/tax-certificate?year=2024&language=${language}`);
      await section.scrollIntoViewIfNeeded();
      if (shotsDir) {
        await page.screenshot({ path: `${shotsDir}/tax-certificate-${language}-${width}.png`, fullPage: true });
        await section.screenshot({ path: `${shotsDir}/tax-certificate-section-${language}-${width}.png` });
      }
      // Nothing wider than the screen, at 360 px too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const pdf = await context.request.get(`${baseUrl}${href}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      await context.close();
    });
  }
});
