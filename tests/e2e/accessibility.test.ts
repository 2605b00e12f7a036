import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../src/server/test-support/test-app';
import { axeViolations as violations } from '../support/axe';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { watchNetwork } from '../support/quiet-network';
import { contextWithSession } from '../support/safe-actions';
import { openScreensBank, type ScreensBank } from '../support/screens-bank';

/**
 * What axe alone does not see on a page as it loads: focus held in the staff's dialogs and the
 * phone menu and given back, dark mode, landmarks in reading order, tab titles. axe's findings on
 * every route, at both widths and in both languages, are checked by the walk over every route
 * (`route-gallery.test.ts`), which visits each page once for all it checks.
 */
let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;
const contexts: BrowserContext[] = [];
let bank: ScreensBank;
type Language = 'en' | 'bn';
const languages: Language[] = ['en', 'bn'];

beforeAll(async () => {
  started = await startBrowserHarness();
  ({ harness, browser, baseUrl } = started);
  bank = await openScreensBank(harness);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await started?.close();
});

const networks = new WeakMap<Page, ReturnType<typeof watchNetwork>>();

async function newPage(who: 'visitor' | 'customer' | 'staff', width: number, language: Language = 'en'): Promise<Page> {
  const cookie = { visitor: undefined, customer: bank.customerCookie, staff: bank.staffCookie }[who];
  const context = cookie ? await contextWithSession(browser, baseUrl, cookie, width) : await browser.newContext({ viewport: { width, height: 800 } });
  // Each page in the language the test asks for, whatever the signed-in user chose in another test.
  await context.addInitScript((chosen) => localStorage.setItem('padma-bank.language', chosen), language);
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  networks.set(page, watchNetwork(page));
  return page;
}

/** The page with what it asked for loaded and drawn (see `watchNetwork`). */
async function settled(page: Page): Promise<void> {
  const network = networks.get(page);
  if (!network) throw new Error('a page from newPage() only');
  await network.settled();
}

/** Every path in turn, settled, with axe's findings prefixed by the path. */
async function violationsOnPaths(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(`${baseUrl}${path}`);
    await settled(page);
    found.push(...(await violations(page)).map((line) => `${path} ${line}`));
  }
  return found;
}

/** Where focus is: inside the open dialog (or menu) `selector`, or not. */
const focusInside = (page: Page, selector: string) => page.evaluate((within) => Boolean(document.activeElement?.closest(within)), selector);

describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const language of languages) {
    // One dialog component serves every decision at every width: it is checked in English on a
    // desktop and in Bangla on a phone, each language's longer words at the narrower width.
    for (const width of language === 'en' ? [1280] : [360]) {
      it(`holds focus in every staff decision dialog, finds nothing in it, and Escape gives focus back, at ${width} px in ${language}`, async () => {
        const page = await newPage('staff', width, language);
        const found: string[] = [];
        for (const path of ['/dashboard', '/dashboard/cardRequest', '/dashboard/loanRequest', '/dashboard/depositRequest', '/dashboard/allUsers']) {
          await page.goto(`${baseUrl}${path}`);
          await settled(page);
          const opener = page.locator('main button[title]').first();
          await opener.click();
          await expect.poll(() => page.locator('dialog[open]').count()).toBe(1);
          await settled(page);
          found.push(...(await violations(page)).map((line) => `${path} (dialog) ${line}`));
          for (let tab = 0; tab < 8; tab += 1) {
            await page.keyboard.press(tab % 3 === 2 ? 'Shift+Tab' : 'Tab');
            expect(await focusInside(page, 'dialog[open]'), `${path}: focus left the dialog after ${tab + 1} Tabs`).toBe(true);
          }
          await page.keyboard.press('Escape');
          await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
          await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
        }
        expect(found).toEqual([]);
      });
    }

    it(`holds focus in the phone menu, finds nothing in it, and Escape gives focus back, in ${language}`, async () => {
      const page = await newPage('customer', 360, language);
      await page.goto(`${baseUrl}/myAccounts`);
      await settled(page);
      const toggle = page.locator('[aria-controls="main-navigation"]');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      // The menu slides in and its links fade to their colours: axe measures colours as drawn, so
      // it is asked again until the menu has settled (a real finding stays, and fails).
      await expect.poll(() => violations(page), { timeout: 5_000 }).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    });
  }

  // Twenty pages loaded and checked in turn: more than the default minute while another browser file shares the two cores.
  it('finds nothing on key pages in dark mode (the system setting), for each role, at 360 and 1280 px', async () => {
    const keyPages: Array<['visitor' | 'customer' | 'staff', string[]]> = [
      ['visitor', ['/', '/logIn', '/accountDetail/savings', '/contactUs']],
      ['customer', ['/myAccounts', '/transfer', `/singleDetails/${bank.accountId}`]],
      ['staff', ['/dashboard', '/dashboard/loanRequest', `/dashboard/singleAccDetails/${bank.accountId}`]],
    ];
    const found: string[] = [];
    for (const width of [360, 1280]) {
      for (const [who, paths] of keyPages) {
        const page = await newPage(who, width);
        await page.emulateMedia({ colorScheme: 'dark' });
        found.push(...(await violationsOnPaths(page, paths)).map((line) => `${who} ${width} px ${line}`));
      }
    }
    expect(found).toEqual([]);
  }, 240_000);

  it('puts the landmarks in reading order, so a keyboard reaches Login in a few Tabs', async () => {
    const page = await newPage('visitor', 1280);
    await page.goto(`${baseUrl}/faq`);
    await settled(page);
    // The page's own landmarks, not those inside the main content (a page's heading block is a <header> too).
    // Polled: while the app takes over the first screen's markup, the page is briefly its loader alone.
    const landmarks = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('header, nav#main-navigation, main, footer')]
          .filter((element) => !element.parentElement?.closest('main, footer'))
          .map((element) => element.tagName.toLowerCase()),
      );
    await expect.poll(landmarks).toEqual(['header', 'nav', 'main', 'footer']);
    await page.locator('main h1').first().waitFor();
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
    for (const [path, title] of [
      ['/logIn', 'Log in to online banking · Padma Bank'],
      ['/register', 'Create your online banking profile · Padma Bank'],
    ]) {
      await visitor.goto(`${baseUrl}${path}`);
      await expect.poll(() => visitor.title()).toBe(title);
    }
  });
});
