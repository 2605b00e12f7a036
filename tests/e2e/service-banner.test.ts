import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { instantToDhaka } from '../../src/shared/dates';
import { call } from '../../src/server/test-support/banking';
import { signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

const bannerText = (page: Page) => page.getByTestId('service-banner').textContent({ timeout: 1_000 }).catch(() => null);

/** Screenshots for a person to look at, only when asked for (SCREENSHOT_DIR). */
async function snap(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

describe('the service banner', () => {
  it('shows a notice staff post on every page in the reader’s language, dismissible, and gone when staff end it', async () => {
    const staff = await signInStaff(suite.harness.app);
    const staffPage = await (await suite.newContext(1280, staff)).newPage();
    staffPage.setDefaultTimeout(15_000);
    await staffPage.goto(`${suite.baseUrl}/dashboard/messages`);
    await staffPage.getByRole('button', { name: 'Post notice' }).click();
    await expect.poll(() => staffPage.getByText('English text is required').count()).toBe(1);
    await staffPage.getByLabel('Kind').selectOption('outage');
    await staffPage.getByLabel('Text in English').fill('Card payments are failing; cash withdrawals work.');
    await staffPage.getByLabel('Text in Bangla').fill('কার্ডে লেনদেন হচ্ছে না; নগদ উত্তোলন চালু আছে।');
    await staffPage.getByLabel('Starts (Dhaka time)').fill(instantToDhaka(new Date(Date.now() - 60_000)));
    await staffPage.getByLabel('Ends (Dhaka time)').fill(instantToDhaka(new Date(Date.now() + 3_600_000)));
    await staffPage.getByRole('button', { name: 'Post notice' }).click();
    await expect.poll(() => staffPage.getByTestId('notice-row').count()).toBe(1);
    await snap(staffPage, 'service-notices-1280');

    const visitor = await (await suite.newContext(360)).newPage();
    await visitor.goto(`${suite.baseUrl}/`);
    await expect.poll(() => bannerText(visitor), { timeout: 15_000 }).toContain('Service disruption: Card payments are failing; cash withdrawals work.');
    await snap(visitor, 'banner-360-en');
    await visitor.getByRole('button', { name: /^বাংলা/ }).first().click();
    await expect.poll(() => bannerText(visitor), { timeout: 15_000 }).toContain('সেবায় বিঘ্ন: কার্ডে লেনদেন হচ্ছে না; নগদ উত্তোলন চালু আছে।');
    await snap(visitor, 'banner-360-bn');

    // Dismissed for this visit; a new visit (another tab's session) shows it again.
    await visitor.getByRole('button', { name: 'নোটিশটি বন্ধ করুন' }).click();
    await expect.poll(() => visitor.getByTestId('service-banner').count()).toBe(0);
    await visitor.goto(`${suite.baseUrl}/contactUs`);
    await visitor.waitForTimeout(1_000);
    expect(await visitor.getByTestId('service-banner').count()).toBe(0);
    const nextVisit = await (await suite.newContext(1280)).newPage();
    await nextVisit.goto(`${suite.baseUrl}/logIn`);
    await expect.poll(() => bannerText(nextVisit), { timeout: 15_000 }).toContain('Card payments are failing');
    await snap(nextVisit, 'banner-1280-en');

    await staffPage.getByRole('button', { name: 'End now' }).click();
    await expect.poll(() => staffPage.getByText('Ended', { exact: true }).count()).toBe(1);
    // Browsers may keep the answer five seconds.
    await nextVisit.waitForTimeout(5_500);
    await nextVisit.reload();
    await nextVisit.waitForTimeout(1_500);
    expect(await nextVisit.getByTestId('service-banner').count()).toBe(0);
  });

  it('goes at its end without a reload', async () => {
    const staff = await signInStaff(suite.harness.app);
    const endsAt = instantToDhaka(new Date(Date.now() + 12_000)) + ':' + String(new Date(Date.now() + 12_000).getUTCSeconds()).padStart(2, '0');
    const posted = await call(suite.harness.app, 'POST', '/api/serviceNotices', staff, {
      kind: 'maintenance',
      textEn: 'Statements are being upgraded.',
      textBn: 'হিসাব বিবরণী হালনাগাদ হচ্ছে।',
      startsAt: instantToDhaka(new Date(Date.now() - 60_000)),
      endsAt,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const visitor = await (await suite.newContext(1280)).newPage();
    await visitor.goto(`${suite.baseUrl}/`);
    await expect.poll(() => bannerText(visitor), { timeout: 10_000 }).toContain('Planned maintenance: Statements are being upgraded.');
    await expect.poll(() => visitor.getByTestId('service-banner').count(), { timeout: 20_000 }).toBe(0);
  });
});
