import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/server/modules/ledger/ledger';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { registerCustomer, signInStaff, type TestApp } from '../../src/server/test-support/test-app';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { contextWithSession, watchRequests } from '../support/safe-actions';

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

/** Where the pictures of each step go, for a person to look at; set FDR_SCREENSHOTS to keep them. */
const shotsDir = process.env.FDR_SCREENSHOTS;

describe('opening an FDR from the app', () => {
  for (const [language, width] of [
    ['en', 1280],
    ['en', 360],
    ['bn', 1280],
    ['bn', 360],
  ] as const) {
    it(`quotes, confirms once and shows the receipt (${language}, ${width} px)`, async () => {
      const customer = await registerCustomer(harness.app, { name: 'Nusrat Jahan' });
      const accountId = await openFundedAccount(harness.app, customer, staff, 200_000, { user: 'Nusrat Jahan' });
      expect((await call(harness.app, 'PUT', '/api/me/language', customer.cookie, { language })).statusCode).toBe(200);
      const context = await contextWithSession(browser, baseUrl, customer.cookie, width);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const bn = language === 'bn';
      await page.goto(`${baseUrl}/fdr`);
      await page.getByRole('heading', { name: bn ? 'স্থায়ী আমানত (এফডিআর)' : 'Fixed Deposit (FDR)' }).waitFor();
      await page
        .getByText(bn ? '৮.৫০ %' : '8.50 %')
        .first()
        .waitFor();
      await page.getByLabel(bn ? 'পরিমাণ (টাকা)' : 'Amount (BDT)').fill('100000');
      await page.getByLabel(bn ? 'নমিনির নাম' : 'Nominee name').fill('Karim Uddin');
      await page.getByLabel(bn ? 'নমিনির NID নম্বর' : 'Nominee NID number').fill('9876543210');
      await page.getByLabel(bn ? 'নমিনির সঙ্গে সম্পর্ক' : 'Relation with nominee').selectOption('Brother');
      if (shotsDir) await page.screenshot({ path: `${shotsDir}/fdr-form-${language}-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: bn ? 'হিসাব দেখুন' : 'See the figures' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.waitFor();
      if (shotsDir) await page.screenshot({ path: `${shotsDir}/fdr-confirm-${language}-${width}.png`, fullPage: true });
      const sent = watchRequests(page, 'POST', '/api/fdr');
      await confirm.getByRole('button', { name: bn ? 'এফডিআর খুলুন' : 'Open FDR' }).dblclick();
      await page.getByText(bn ? 'আপনার এফডিআর খোলা হয়েছে' : 'Your FDR is open').waitFor();
      if (shotsDir) await page.screenshot({ path: `${shotsDir}/fdr-receipt-${language}-${width}.png`, fullPage: true });
      expect(new Set(sent.keys).size).toBe(1);
      const opened = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM fixed_deposit WHERE account_id = ${accountId}`);
      expect(Number(opened.rows[0]?.count)).toBe(1);
      await context.close();
    });
  }

  for (const [language, width] of [
    ['en', 1280],
    ['bn', 360],
  ] as const) {
    it(`shows one FDR and encashes it early, with what is given up shown first (${language}, ${width} px)`, async () => {
      const customer = await registerCustomer(harness.app, { name: 'Rafiq Islam' });
      const accountId = await openFundedAccount(harness.app, customer, staff, 50_000, { user: 'Rafiq Islam' });
      expect((await call(harness.app, 'PUT', '/api/me/language', customer.cookie, { language })).statusCode).toBe(200);
      const body = { accountId, amount: '20000', termMonths: 6, instruction: 'credit', nomineeName: 'Salma Begum', nomineeId: '9876543210', nomineeRelation: 'Wife' };
      const opened = await call(harness.app, 'POST', '/api/fdr', customer.cookie, body, { 'idempotency-key': `fdr-e2e-${language}-${width}` });
      const id = (opened.json() as { deposit: { id: string } }).deposit.id;
      const context = await contextWithSession(browser, baseUrl, customer.cookie, width);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const bn = language === 'bn';
      await page.goto(`${baseUrl}/fdr/${id}`);
      const certificate = page.getByRole('link', { name: bn ? 'সনদ ডাউনলোড করুন (পিডিএফ)' : 'Download the certificate (PDF)' });
      const pdf = await page.request.get(new URL((await certificate.getAttribute('href')) ?? '', baseUrl).toString());
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      await page.getByRole('button', { name: bn ? 'নগদায়নে কত পাবেন দেখুন' : 'See what encashing pays' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(bn ? 'আপনি ছেড়ে দিচ্ছেন' : 'You give up').waitFor();
      if (shotsDir) await page.screenshot({ path: `${shotsDir}/fdr-encash-${language}-${width}.png`, fullPage: true });
      await confirm.getByRole('button', { name: bn ? 'এফডিআর নগদায়ন' : 'Encash FDR' }).click();
      await page
        .getByText(bn ? 'আপনার এফডিআর নগদায়ন হয়েছে' : 'Your FDR is encashed')
        .waitFor()
        .catch(async (error: unknown) => {
          if (shotsDir) await page.screenshot({ path: `${shotsDir}/fdr-encash-failed-${language}-${width}.png`, fullPage: true });
          throw error;
        });
      if (shotsDir) await page.screenshot({ path: `${shotsDir}/fdr-encashed-${language}-${width}.png`, fullPage: true });
      const row = await harness.database.db.execute<{ status: string }>(sql`SELECT status FROM fixed_deposit WHERE id = ${id}::uuid`);
      expect(row.rows[0]?.status).toBe('encashed');
      await context.close();
    });
  }

  // The DPS's screens are the FDR's in shape: one journey on a phone in Bangla, the hardest width and language for them.
  it('opens a DPS once on a double tap, lists it, shows its instalments without sideways scrolling and closes it early (bn, 360 px)', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Shirin Akter' });
    const accountId = await openFundedAccount(harness.app, customer, staff, 20_000, { user: 'Shirin Akter' });
    expect((await call(harness.app, 'PUT', '/api/me/language', customer.cookie, { language: 'bn' })).statusCode).toBe(200);
    const context = await contextWithSession(browser, baseUrl, customer.cookie, 360);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const fitsWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    await page.goto(`${baseUrl}/dps`);
    await page.getByRole('heading', { name: 'ডিপোজিট পেনশন স্কিম (ডিপিএস)' }).waitFor();
    await page.getByText('৯.০০ %').first().waitFor();
    await page.getByLabel('মাসিক কিস্তি (টাকা)').fill('1000');
    await page.getByLabel('নমিনির নাম').fill('Karim Uddin');
    await page.getByLabel('নমিনির NID নম্বর').fill('9876543210');
    await page.getByLabel('নমিনির সঙ্গে সম্পর্ক').selectOption('Brother');
    await page.getByRole('button', { name: 'হিসাব দেখুন' }).click();
    const confirmOpening = page.getByRole('alertdialog');
    await confirmOpening.getByText('কিস্তির সংখ্যা').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/dps-confirm-bn-360.png`, fullPage: true });
    const sent = watchRequests(page, 'POST', '/api/dps');
    await confirmOpening.getByRole('button', { name: 'ডিপিএস খুলুন' }).dblclick();
    await page.getByText('আপনার ডিপিএস খোলা হয়েছে').waitFor();
    expect(new Set(sent.keys).size).toBe(1);
    const row = page.getByTestId('dps-row');
    await row.getByText('৬০টি কিস্তির ১টি দেওয়া হয়েছে').waitFor();
    expect(await row.count()).toBe(1);

    await row.getByRole('link', { name: 'বিস্তারিত' }).click();
    await page.getByRole('heading', { level: 1, name: 'আপনার ডিপিএস', exact: true }).waitFor();
    await page.getByTestId('dps-instalments-phone').getByText('কিস্তি ৬০').waitFor();
    expect(await fitsWidth()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/dps-detail-bn-360.png`, fullPage: true });
    await page.getByRole('button', { name: 'বন্ধ করলে কত পাবেন দেখুন' }).click();
    const confirmClosure = page.getByRole('alertdialog');
    await confirmClosure.getByText('আপনি ছেড়ে দিচ্ছেন').waitFor();
    const closing = watchRequests(page, 'POST', /^\/api\/dps\/[^/]+\/early-closure$/);
    await confirmClosure.getByRole('button', { name: 'ডিপিএস বন্ধ করুন' }).dblclick();
    await page.getByText('আপনার ডিপিএস বন্ধ হয়েছে').waitFor();
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/dps-closed-bn-360.png`, fullPage: true });
    expect(new Set(closing.keys).size).toBe(1);
    const schemes = await harness.database.db.execute<{ status: string; instalments: number }>(
      sql`SELECT status, (SELECT count(*)::int FROM dps_instalment i WHERE i.scheme_id = s.id AND i.status = 'stopped') AS instalments FROM dps_scheme s WHERE account_id = ${accountId}`,
    );
    expect(schemes.rows.map((scheme) => ({ status: scheme.status, stopped: Number(scheme.instalments) }))).toEqual([{ status: 'closed', stopped: 59 }]);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, totalBalancePoisha: 0n });
    await context.close();
  });

  it('leaves the ledger balanced', async () => {
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, totalBalancePoisha: 0n });
  });
});
