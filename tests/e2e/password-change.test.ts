import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { registerCustomer, signIn, type TestApp } from '../../src/server/test-support/test-app';
import { startBrowserHarness, type BrowserHarness } from '../support/browser-harness';
import { contextWithSession } from '../support/safe-actions';

let harness: TestApp;
let browser: Browser;
let baseUrl: string;
let started: BrowserHarness | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  started = await startBrowserHarness();
  ({ harness, browser, baseUrl } = started);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await started?.close();
});

describe('a password someone else chose', () => {
  it('is replaced before anything else: every page leads to the change, which then lets the user on', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Farhana Islam' });
    await harness.database.db.update(schema.user).set({ mustChangePassword: true }).where(eq(schema.user.id, customer.userId));
    const context = await contextWithSession(browser, baseUrl, customer.cookie, 360);
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);

    await page.goto(`${baseUrl}/myAccounts`);
    await page.waitForURL(`${baseUrl}/changePassword`);
    await expect.poll(() => page.getByText('You signed in with a password someone else chose').count()).toBe(1);
    expect(await page.title()).toBe('Change your password · Padma Bank');
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(`${baseUrl}/changePassword`);

    await page.getByLabel('Current password').fill('not the password at all');
    await page.getByLabel('New password').fill('rickshaw bells in old dhaka');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('The current password is not correct').count()).toBe(1);

    await page.getByLabel('Current password').fill(customer.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${baseUrl}/userProfile`);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Farhana Islam');
    await page.goto(`${baseUrl}/myAccounts`);
    await page.waitForURL(`${baseUrl}/myAccounts`);
    expect((await signIn(harness.app, customer.email, 'rickshaw bells in old dhaka')).statusCode).toBe(200);
  });
});
