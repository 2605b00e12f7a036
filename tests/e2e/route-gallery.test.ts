import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../src/server/test-support/test-app';
import { axeViolations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { contextWithSession } from '../support/safe-actions';
import { watchNetwork } from '../support/quiet-network';
import { openScreensBank, type ScreensBank } from '../support/screens-bank';

/**
 * Every route, as the person who would open it, at a phone's 360 px and a desktop's 1280 px, in
 * English and in Bangla, walked once: each must fit its width (no sideways scrolling), carry a
 * heading and a title of its own, and give axe nothing to find (WCAG 2.2 AA; see `axeAt`); each is kept as a
 * screenshot in test-results/screenshots for a person to look at (CI keeps the folder).
 */
const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;
let bank: ScreensBank;

beforeAll(async () => {
  started = await startBrowserHarness();
  ({ harness, browser, baseUrl } = started);
  bank = await openScreensBank(harness);
  fs.mkdirSync(screenshotDir, { recursive: true });
});

afterAll(async () => {
  await started?.close();
});

type Visitor = 'visitor' | 'customer' | 'staff';

const routes: Record<Visitor, () => string[]> = {
  visitor: () => [
    '/',
    '/accountDetail/savings',
    '/cardDetail/debit',
    '/loanDetail/car',
    '/contactUs',
    '/faq',
    '/aboutus',
    '/careers',
    '/customerReviews',
    '/privacy',
    '/register',
    '/logIn',
    '/forgotPassword',
    '/staffInvitation',
    '/no/such/page',
  ],
  customer: () => [
    '/myAccounts',
    '/myCards',
    '/myLoans',
    '/transfer',
    '/userProfile',
    '/changePassword',
    '/openAcc',
    `/singleDetails/${bank.accountId}`,
    `/singleLoanDetail/${bank.loanId}`,
    `/deposit/${bank.accountId}`,
    `/debtRepay/${bank.loanId}`,
    `/moneyTrans/${bank.accountId}`,
    `/cardsReq/${bank.accountId}`,
    `/loanReq/${bank.accountId}`,
    '/savedReceivers',
    '/payments',
    '/payments/new',
    '/fdr',
    `/fdr/${bank.fdrId}`,
    '/dps',
    `/dps/${bank.dpsId}`,
    '/notifications',
    '/twoFactor',
  ],
  staff: () => [
    '/dashboard',
    '/dashboard?q=nobody',
    '/dashboard/cardRequest',
    '/dashboard/loanRequest',
    '/dashboard/depositRequest',
    '/dashboard/deposits',
    '/dashboard/allUsers',
    '/dashboard/messages',
    '/dashboard/banner',
    `/dashboard/singleAccDetails/${bank.accountId}`,
    '/dashboard/limits',
    '/dashboard/rates',
    '/dashboard/excise',
    '/dashboard/holidays',
    '/dashboard/payments',
    '/dashboard/day-close',
    '/dashboard/trial-balance',
    '/dashboard/staff',
    '/twoFactor',
  ],
};

async function contextFor(who: Visitor, width: number, language: 'en' | 'bn'): Promise<BrowserContext> {
  const cookie = who === 'customer' ? bank.customerCookie : who === 'staff' ? bank.staffCookie : '';
  const context = cookie ? await contextWithSession(browser, baseUrl, cookie, width) : await browser.newContext({ viewport: { width, height: width < 500 ? 740 : 900 } });
  // Each page in the language the test asks for, whatever the signed-in user chose in another test.
  await context.addInitScript((chosen) => localStorage.setItem('padma-bank.language', chosen), language);
  return context;
}

/** What a reader would notice first: text wider than the screen, a page without a heading or title. */
async function problemsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) found.push(`scrolls sideways: ${document.documentElement.scrollWidth} px in ${width}`);
    if (!document.querySelector('main h1')) found.push('no heading in main');
    if (!document.title.trim()) found.push('no title');
    return found;
  });
}

/**
 * Axe reads every route twice: in English on the desktop and in Bangla on the phone. The two
 * languages share the colours and markup, and the two widths the words: what only a width changes
 * (a target too small, a hidden label) shows in the Bangla walk, and what only the words change (a
 * lang attribute, a missing name) at either width. Axe is the walk's costliest step after loading.
 */
const axeAt = (language: 'en' | 'bn', width: number) => (language === 'en') === (width === 1280);

describe.each(['en', 'bn'] as const)('every route in %s', (language) => {
  it.each(['visitor', 'customer', 'staff'] as const)(
    'fits a phone and a desktop for a %s, with a heading and a title, and axe finds nothing',
    async (who) => {
      const problems: string[] = [];
      for (const width of [360, 1280]) {
        const context = await contextFor(who, width, language);
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(20_000);
          const network = watchNetwork(page);
          for (const route of routes[who]()) {
            await page.goto(`${baseUrl}${route}`);
            await page.locator('main h1').first().waitFor();
            await network.settled();
            if (language === 'bn') await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
            const slug = route.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'home';
            await page.screenshot({ path: path.join(screenshotDir, `${language}-${who}-${width}-${slug}.png`), fullPage: true });
            const violations = axeAt(language, width) ? await axeViolations(page) : [];
            for (const problem of [...(await problemsOf(page)), ...violations]) problems.push(`${route} at ${width} px: ${problem}`);
          }
        } finally {
          await context.close();
        }
      }
      expect(problems).toEqual([]);
    },
    400_000,
  );
});
