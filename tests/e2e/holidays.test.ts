import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInStaff } from '../../src/server/test-support/test-app';
import { axeViolations } from '../support/axe';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** Where the screens are kept for a person to look at, as the route gallery keeps its own. */
const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** The whole page, or what the screen shows (a dialog sits at the bottom of a phone's screen, not of the page). */
async function keepScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `holidays-${name}.png`), fullPage });
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('the holidays page', () => {
  it('lets staff add a holiday, confirm a predicted date and remove a day, in English at 1280 px and in Bangla at 360 px', async () => {
    const staff = await signInStaff(suite.harness.app);
    const page = await (await suite.newContext(1280, staff)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/dashboard/holidays`);
    await expect.poll(() => page.title()).toBe('Holidays · Padma Bank');
    await page.getByRole('button', { name: 'Next year' }).click();
    await page.getByRole('button', { name: 'Previous year' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Holidays in 2026' }).count()).toBe(1);
    const victory = page.getByTestId('holiday-2026-12-16');
    await expect.poll(() => victory.textContent()).toContain('বিজয় দিবস');
    expect(await victory.textContent()).toContain('16 Dec 2026');
    expect(await page.getByTestId('holiday-2026-03-20').getByText('Predicted').count()).toBe(1);

    // A Friday is refused under the field, before anything is sent.
    await page.getByLabel('Date', { exact: true }).fill('2026-11-27');
    await page.getByLabel('English name').fill('Bank foundation day');
    await page.getByLabel('Bangla name').fill('ব্যাংকের প্রতিষ্ঠা দিবস');
    await page.getByRole('button', { name: 'Add holiday' }).click();
    await expect.poll(() => page.getByText('Holiday date is a Friday or Saturday').count()).toBe(1);
    await page.getByLabel('Date', { exact: true }).fill('2026-11-26');
    await page.getByRole('button', { name: 'Add holiday' }).click();
    await expect.poll(() => page.getByText('Add Bank foundation day on 26 Nov 2026?').count()).toBe(1);
    await page.getByRole('button', { name: 'Yes, add it' }).click();
    await expect.poll(() => page.getByText('Holiday added').count()).toBe(1);
    await expect.poll(() => page.getByTestId('holiday-2026-11-26').count()).toBe(1);

    // Eid-ul-Fitr's date is fixed: the predicted mark comes off.
    await page.getByRole('button', { name: 'Correct Eid-ul-Fitr on 20 Mar 2026' }).click();
    await page.getByLabel(/The date is a prediction/).uncheck();
    await page.getByRole('button', { name: 'Save correction' }).click();
    await page.getByRole('button', { name: 'Yes, save it' }).click();
    await expect.poll(() => page.getByText('Holiday corrected').count()).toBe(1);
    await expect.poll(() => page.getByTestId('holiday-2026-03-20').getByText('Confirmed').count()).toBe(1);

    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);
    // Every tab of the dashboard, Holidays included, fits the bar at 1280 px: none hides off its edge.
    expect(
      await page
        .getByTestId('dashboard-nav')
        .locator('ul')
        .evaluate((list) => list.scrollWidth <= list.clientWidth),
    ).toBe(true);
    await keepScreenshot(page, 'en-1280');

    // On a phone, in Bangla: the day is removed through the confirm dialog.
    const phoneContext = await suite.newContext(360, staff);
    await phoneContext.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
    const phone = await phoneContext.newPage();
    phone.setDefaultTimeout(15_000);
    await phone.goto(`${suite.baseUrl}/dashboard/holidays`);
    await expect.poll(() => phone.getByRole('heading', { name: '২০২৬ সালের ছুটির দিন' }).count()).toBe(1);
    await phone.waitForLoadState('networkidle');
    expect(await scrollsSideways(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);
    await keepScreenshot(phone, 'bn-360');
    await phone.getByTestId('holiday-2026-11-26').getByRole('button', { name: 'মুছুন' }).click();
    await expect.poll(() => phone.getByRole('dialog').getByText('এই ছুটির দিনটি মুছবেন?').count()).toBe(1);
    await keepScreenshot(phone, 'bn-360-remove', false);
    await phone.getByRole('dialog').getByRole('button', { name: 'ছুটি মুছুন' }).click();
    await expect.poll(() => phone.getByText('ছুটির দিন মুছে ফেলা হয়েছে').count()).toBe(1);
    await expect.poll(() => phone.getByTestId('holiday-2026-11-26').count()).toBe(0);
  }, 120_000);
});
