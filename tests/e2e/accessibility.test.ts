import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openFundedAccount } from '../../src/server/test-support/banking';
import { multipartImage, onePixelPng, registerCustomer, signInStaff, type TestApp } from '../../src/server/test-support/test-app';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { contextWithSession } from '../support/safe-actions';

/** axe-core from node_modules, injected into the page: nothing is downloaded while the test runs. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcag22AaTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;
const contexts: BrowserContext[] = [];
let customerCookie = '';
let customerPaths: string[] = [];
const visitorPaths = ['/', '/logIn', '/register', '/faq', '/contactUs', '/accountDetail/savings', '/no/such/page'];

beforeAll(async () => {
  started = await startBrowserHarness();
  ({ harness, browser, baseUrl } = started);
  const staff = await signInStaff(harness.app);
  const customer = await registerCustomer(harness.app);
  customerCookie = customer.cookie;
  const accountId = await openFundedAccount(harness.app, customer, staff, 52000);
  await call(harness.app, 'PUT', '/api/depositReq', customer.cookie, { accNum: accountId, depositAmount: '5000' }, { 'idempotency-key': crypto.randomUUID() });
  await call(harness.app, 'POST', '/api/cardsReq', customer.cookie, { card: 'debit', accNum: accountId }, { 'idempotency-key': crypto.randomUUID() });
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const passport = (await harness.app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: customer.cookie } })).json().data.url;
  const loanBody = { loan: 'personal', accNum: accountId, income: 65000, company: 'Karnaphuli Shipping Ltd.', lAmount: 20000, lDuration: '12', passport, evidence: 'https://example.com/letter.pdf' };
  const loanId = (await call(harness.app, 'POST', '/api/loanReq', customer.cookie, loanBody, { 'idempotency-key': crypto.randomUUID() })).json().insertedId as string;
  await call(harness.app, 'PUT', '/api/userLoanUpdate', staff, { id: loanId });
  customerPaths = ['/myAccounts', '/myCards', '/myLoans', '/transfer', `/singleDetails/${accountId}`, `/singleLoanDetail/${loanId}`, `/deposit/${accountId}`, `/debtRepay/${loanId}`, '/userProfile', '/notifications'];
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await started?.close();
});

async function newPage(who: 'visitor' | 'customer', width: number): Promise<Page> {
  const context = who === 'customer' ? await contextWithSession(browser, baseUrl, customerCookie, width) : await browser.newContext({ viewport: { width, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** axe's WCAG 2.2 AA violations on the page as it stands, one line each with up to three places. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
  }, wcag22AaTags);
}

describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const width of [360, 1280]) {
    it(`finds nothing on a visitor's pages at ${width} px`, async () => {
      const page = await newPage('visitor', width);
      const found: string[] = [];
      for (const path of visitorPaths) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        found.push(...(await violations(page)).map((line) => `${path} ${line}`));
      }
      expect(found).toEqual([]);
    });

    it(`finds nothing on a customer's pages at ${width} px`, async () => {
      const page = await newPage('customer', width);
      const found: string[] = [];
      for (const path of customerPaths) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
        found.push(...(await violations(page)).map((line) => `${path} ${line}`));
      }
      expect(found).toEqual([]);
    });
  }

  it('puts the landmarks in reading order, so a keyboard reaches Login in a few Tabs', async () => {
    const page = await newPage('visitor', 1280);
    await page.goto(`${baseUrl}/faq`);
    await page.waitForLoadState('networkidle');
    // The page's own landmarks, not those inside the main content (a page's heading block is a <header> too).
    const landmarks = await page.evaluate(() =>
      [...document.querySelectorAll('header, nav#main-navigation, main, footer')].filter((element) => !element.parentElement?.closest('main, footer')).map((element) => element.tagName.toLowerCase()),
    );
    expect(landmarks).toEqual(['header', 'nav', 'main', 'footer']);
    let tabs = 0;
    while (tabs < 40) {
      await page.keyboard.press('Tab');
      tabs += 1;
      if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Login') break;
    }
    expect(tabs).toBeLessThanOrEqual(12);
  });

  it('names each page in the tab title', async () => {
    const page = await newPage('customer', 360);
    const customerTitles = { '/myAccounts': 'My Accounts · Padma Bank', '/myCards': 'My Cards · Padma Bank', '/myLoans': 'My Loans · Padma Bank', '/userProfile': 'My profile · Padma Bank' };
    for (const [path, title] of Object.entries(customerTitles)) {
      await page.goto(`${baseUrl}${path}`);
      await expect.poll(() => page.title()).toBe(title);
    }
    const visitor = await newPage('visitor', 360);
    for (const [path, title] of [['/logIn', 'Log in to online banking · Padma Bank'], ['/register', 'Create your online banking profile · Padma Bank']]) {
      await visitor.goto(`${baseUrl}${path}`);
      await expect.poll(() => visitor.title()).toBe(title);
    }
  });
});
