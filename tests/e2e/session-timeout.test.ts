import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { registerCustomer } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

/**
 * The web app's side of the idle timeout. The page's clock is Playwright's, moved by hand; the
 * server's is real, so the server still holds the session while the page believes half an hour
 * has passed, which is what lets "Stay signed in" be seen to work.
 */
const suite = browserSuite();

async function signedInPage(width: number): Promise<{ page: Page; userId: string }> {
  const customer = await registerCustomer(suite.harness.app, { name: 'Shirin Akhter' });
  const context = await suite.newContext(width, customer.cookie);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.clock.install();
  await page.goto(`${suite.baseUrl}/userProfile`);
  await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Shirin Akhter');
  // Every signed-in answer restarts the countdown, as it should: one still on its way when the
  // test moves the page's clock would restart it after the jump, and no warning would come.
  await page.waitForLoadState('networkidle');
  return { page, userId: customer.userId };
}

const sessionsOf = (userId: string) => suite.harness.database.db.select().from(schema.session).where(eq(schema.session.userId, userId));

describe('a signed-in customer who leaves the bank open', () => {
  it('is warned a minute before the idle timeout, can stay signed in, and is then signed out cleanly', async () => {
    const { page, userId } = await signedInPage(1280);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await page.clock.fastForward('28:30');
    expect(await warning.isVisible()).toBe(false);

    await page.clock.fastForward('00:35');
    await expect.poll(() => warning.isVisible()).toBe(true);
    expect(await warning.textContent()).toMatch(/signed out in \d+ seconds, after 30 minutes without activity/);
    // Focus starts on the choice that keeps the customer where they were.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay signed in');

    const asked = page.waitForRequest((request) => request.url().endsWith('/api/auth/get-session'));
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await asked;
    await expect.poll(() => warning.isVisible()).toBe(false);
    await page.clock.fastForward('05:00');
    expect(await warning.isVisible()).toBe(false);
    expect(await sessionsOf(userId)).toHaveLength(1);

    // Nobody answers this time.
    await page.clock.fastForward('24:30');
    await expect.poll(() => warning.isVisible()).toBe(true);
    await page.clock.fastForward('01:05');
    await page.waitForURL(`${suite.baseUrl}/logIn`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'you were signed out' }).count()).toBe(1);
    await expect.poll(async () => (await sessionsOf(userId)).length).toBe(0);
    expect(await page.getByTestId('sidebar-profile').count()).toBe(0);
  });

  it('stays signed in on Escape, on a phone', async () => {
    const { page, userId } = await signedInPage(360);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await page.clock.fastForward('29:05');
    await expect.poll(() => warning.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => warning.isVisible()).toBe(false);
    await page.clock.fastForward('02:00');
    expect(page.url()).toBe(`${suite.baseUrl}/userProfile`);
    expect(await sessionsOf(userId)).toHaveLength(1);
  });
});
