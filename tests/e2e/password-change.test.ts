import { eq } from 'drizzle-orm';

import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { registerCustomer, signIn } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

describe('a password someone else chose', () => {
  it('is replaced before anything else: every page leads to the change, which then lets the user on', async () => {
    const customer = await registerCustomer(suite.harness.app, { name: 'Farhana Islam' });
    await suite.harness.database.db.update(schema.user).set({ mustChangePassword: true }).where(eq(schema.user.id, customer.userId));
    const context = await suite.newContext(360, customer.cookie);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);

    await page.goto(`${suite.baseUrl}/myAccounts`);
    await page.waitForURL(`${suite.baseUrl}/changePassword`);
    await expect.poll(() => page.getByText('You signed in with a password someone else chose').count()).toBe(1);
    expect(await page.title()).toBe('Change your password · Padma Bank');
    await page.goto(`${suite.baseUrl}/`);
    await page.waitForURL(`${suite.baseUrl}/changePassword`);

    await page.getByLabel('Current password').fill('not the password at all');
    await page.getByLabel('New password').fill('rickshaw bells in old dhaka');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('The current password is not correct').count()).toBe(1);

    await page.getByLabel('Current password').fill(customer.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${suite.baseUrl}/userProfile`);
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toContain('Farhana Islam');
    await page.goto(`${suite.baseUrl}/myAccounts`);
    await page.waitForURL(`${suite.baseUrl}/myAccounts`);
    expect((await signIn(suite.harness.app, customer.email, 'rickshaw bells in old dhaka')).statusCode).toBe(200);
  });
});
