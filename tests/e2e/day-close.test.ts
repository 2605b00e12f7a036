import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { formatReference } from '../../src/shared/reference';
import { call, openFundedAccount, type Customer } from '../../src/server/test-support/banking';
import { axeViolations } from '../support/axe';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

async function keepScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `day-close-${name}.png`), fullPage: true });
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('the day close page', () => {
  it('lets one staff member ask for the close of an ended date and another approve it; in English at 1280 px and Bangla at 360 px', async () => {
    const { app, database } = suite.harness;
    const yesterday = (await database.db.execute<{ day: string }>(sql`SELECT ((now() AT TIME ZONE 'Asia/Dhaka')::date - 1)::text AS day`)).rows[0]?.day ?? '';
    await database.db.execute(sql`UPDATE business_date SET business_date = ${yesterday}::date`);
    const maker = await signInStaff(app);
    const second = await registerCustomer(app, { name: 'Nasrin Sultana' });
    await database.db.update(schema.user).set({ role: 'staff' }).where(eq(schema.user.id, second.userId));
    // Staff work only with two-step sign-in: signInStaff enrols the second staff member's app and answers its code.
    const checker = await signInStaff(app, { email: second.email, password: second.password });

    const page = await (await suite.newContext(1280, maker)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/dashboard/day-close`);
    await expect.poll(() => page.title()).toBe('Day close · Padma Bank');
    await expect.poll(() => page.getByTestId('close-due').textContent()).toContain('its close is due');
    await page.getByRole('button', { name: 'Request a run of the close' }).click();
    await expect.poll(() => page.getByTestId('pending-run').textContent()).toContain('Another staff member approves your request.');
    expect(await page.getByRole('button', { name: 'Approve and run' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await keepScreenshot(page, 'en-1280-requested');

    const phoneContext = await suite.newContext(360, checker);
    await phoneContext.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
    const phone = await phoneContext.newPage();
    phone.setDefaultTimeout(30_000);
    await phone.goto(`${suite.baseUrl}/dashboard/day-close`);
    await phone.getByRole('button', { name: 'অনুমোদন করে চালান' }).click();
    await expect.poll(() => phone.getByTestId('day-close-history').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => phone.getByTestId('last-run').textContent()).toContain('Nasrin Sultana');
    await phone.waitForLoadState('networkidle');
    await keepScreenshot(phone, 'bn-360-closed');
    expect(await scrollsSideways(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);

    await page.reload();
    await expect.poll(() => page.getByTestId('close-due').textContent()).toContain('has not ended');
    await expect.poll(() => page.getByTestId('day-close-history').count()).toBe(1);
    await keepScreenshot(page, 'en-1280-closed');
  });
});

describe('the trial balance page', () => {
  it('shows the ledger at the end of a day with equal debits and credits; in English at 1280 px and Bangla at 360 px', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const customer = await registerCustomer(app, { name: 'Farhana Akter' });
    await openFundedAccount(app, customer, staff, 12_500);

    const page = await (await suite.newContext(1280, staff)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/dashboard/trial-balance`);
    await expect.poll(() => page.title()).toBe('Trial balance · Padma Bank');
    await expect.poll(() => page.getByTestId('trial-balance-verdict').textContent()).toBe('Balanced');
    const debit = await page.getByTestId('total-debit').textContent();
    expect(debit).toContain('12,500.00');
    expect(await page.getByTestId('total-credit').textContent()).toBe(debit);
    expect(await page.getByRole('rowheader', { name: /Customers’ deposits/ }).count()).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    await keepScreenshot(page, 'trial-balance-en-1280');

    const phoneContext = await suite.newContext(360, staff);
    await phoneContext.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
    const phone = await phoneContext.newPage();
    phone.setDefaultTimeout(30_000);
    await phone.goto(`${suite.baseUrl}/dashboard/trial-balance`);
    await expect.poll(() => phone.getByTestId('trial-balance-verdict').textContent()).toBe('মিলেছে');
    await phone.waitForLoadState('networkidle');
    expect(await scrollsSideways(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);
    await keepScreenshot(phone, 'trial-balance-bn-360');
  });
});

describe('the term deposits page', () => {
  it('lists every customer’s FDRs and DPS schemes and narrows them by a search; in English at 1280 px in dark mode and Bangla at 360 px', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const nominee = { nomineeName: 'Karim Uddin', nomineeId: '9876543210', nomineeRelation: 'Brother' };
    const open = async (customer: Customer, url: string, body: Record<string, unknown>) => {
      const answer = await call(app, 'POST', url, customer.cookie, { ...nominee, ...body }, { 'idempotency-key': `term-deposits-e2e-${customer.userId}${url.replaceAll('/', '-')}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { deposit: { id: string }; scheme: { id: string; reference: string } };
    };
    const shirin = await registerCustomer(app, { name: 'Shirin Akhter' });
    const kamal = await registerCustomer(app, { name: 'Kamal Hossain' });
    const shirinAccount = await openFundedAccount(app, shirin, staff, 150_000, { user: 'Shirin Akhter' });
    const kamalAccount = await openFundedAccount(app, kamal, staff, 150_000, { user: 'Kamal Hossain' });
    const shirinFdr = (await open(shirin, '/api/fdr', { accountId: shirinAccount, amount: '100000', termMonths: 12, instruction: 'credit' })).deposit;
    const kamalFdr = (await open(kamal, '/api/fdr', { accountId: kamalAccount, amount: '50000', termMonths: 6, instruction: 'credit' })).deposit;
    const shirinDps = (await open(shirin, '/api/dps', { accountId: shirinAccount, instalment: '1000', termYears: 1, dayOfMonth: 10 })).scheme;
    const kamalDps = (await open(kamal, '/api/dps', { accountId: kamalAccount, instalment: '2500', termYears: 3, dayOfMonth: 5 })).scheme;
    // One closed early: its grey status badge is read by axe in dark mode below.
    const closed = await call(app, 'POST', `/api/dps/${kamalDps.id}/early-closure`, kamal.cookie, undefined, { 'idempotency-key': `term-deposits-e2e-close-${kamalDps.id}` });
    expect(closed.statusCode, closed.body).toBe(200);
    const rowIds = (page: Page, kind: 'fdr' | 'dps') => page.locator(`tr[data-testid^="${kind}-"]`).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));

    const desktop = await suite.newContext(1280, staff);
    // In English whatever this staff member chose on the phone in an earlier test, which the server keeps.
    await desktop.addInitScript(() => localStorage.setItem('padma-bank.language', 'en'));
    const page = await desktop.newPage();
    page.setDefaultTimeout(15_000);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${suite.baseUrl}/dashboard/deposits`);
    await expect.poll(() => page.title()).toBe('Term deposits · Padma Bank');
    await expect.poll(() => rowIds(page, 'fdr')).toEqual(expect.arrayContaining([`fdr-${shirinFdr.id}`, `fdr-${kamalFdr.id}`]));
    expect(await page.getByTestId(`fdr-${shirinFdr.id}`).textContent()).toContain('1,00,000.00 BDT');
    await page.getByRole('searchbox', { name: 'Search' }).fill('kamal');
    await expect.poll(() => rowIds(page, 'fdr')).toEqual([`fdr-${kamalFdr.id}`]);
    await page.getByRole('tab', { name: 'DPS schemes' }).click();
    await expect.poll(() => rowIds(page, 'dps')).toEqual(expect.arrayContaining([`dps-${shirinDps.id}`, `dps-${kamalDps.id}`]));
    expect(await page.getByTestId(`dps-${kamalDps.id}`).textContent()).toContain('2,500.00 BDT');
    await page.waitForLoadState('networkidle');
    await keepScreenshot(page, 'term-deposits-en-1280');
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    const phoneContext = await suite.newContext(360, staff);
    await phoneContext.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
    const phone = await phoneContext.newPage();
    phone.setDefaultTimeout(30_000);
    await phone.goto(`${suite.baseUrl}/dashboard/deposits?kind=dps`);
    await expect.poll(() => rowIds(phone, 'dps')).toEqual(expect.arrayContaining([`dps-${shirinDps.id}`, `dps-${kamalDps.id}`]));
    // A reference as a customer reads it out, with its dashes.
    await phone.getByRole('searchbox', { name: 'খুঁজুন' }).fill(formatReference(shirinDps.reference));
    await expect.poll(() => rowIds(phone, 'dps')).toEqual([`dps-${shirinDps.id}`]);
    expect(await phone.getByTestId(`dps-${shirinDps.id}`).textContent()).toContain('১,০০০.০০ টাকা');
    // The first instalment is taken at opening: one of twelve paid.
    expect(await phone.getByTestId(`dps-${shirinDps.id}`).getByTestId('dps-paid').textContent()).toBe('১২টির ১টি দেওয়া');
    await phone.waitForLoadState('networkidle');
    await keepScreenshot(phone, 'term-deposits-bn-360');
    expect(await scrollsSideways(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);
  });
});
