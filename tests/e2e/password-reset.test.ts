import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { call } from '../../src/server/test-support/banking';
import { registerCustomer, signIn } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** The link of the newest reset e-mail to `email`, as the customer would click it. */
async function linkMailedTo(email: string): Promise<string> {
  const [notice] = await suite.harness.database.db
    .select({ body: schema.emailNotice.body })
    .from(schema.emailNotice)
    .where(and(eq(schema.emailNotice.recipient, email), eq(schema.emailNotice.kind, 'password-reset')))
    .orderBy(desc(schema.emailNotice.createdAt));
  const link = /https?:\/\/\S+\/resetPassword#token=\S+/.exec(notice?.body ?? '')?.[0];
  if (!link) throw new Error(`no reset link e-mailed to ${email}`);
  return link;
}

describe('a forgotten password', () => {
  it('is replaced from the e-mailed link, which then works no more', async () => {
    const customer = await registerCustomer(suite.harness.app, { name: 'Sharmin Sultana' });
    const page = await (await suite.newContext(360)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/logIn`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${suite.baseUrl}/forgotPassword`);
    await expect.poll(() => page.title()).toBe('Set a new password · Padma Bank');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'E-mail me a link' }).click();
    await expect.poll(() => page.getByText('a link to set a new password is on its way').count()).toBe(1);

    const link = await linkMailedTo(customer.email);
    expect(link.startsWith(suite.baseUrl)).toBe(true);
    await page.goto(link);
    // The token is taken from the address bar once read.
    await expect.poll(() => page.url()).toBe(`${suite.baseUrl}/resetPassword`);
    await page.getByLabel('New password').fill('weak');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // The form's rules load when it first checks its values: the refusal shows once they have.
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    await page.getByLabel('New password').fill('monsoon clouds over padma 12');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByText('Your new password is set').count()).toBe(1);
    expect((await signIn(suite.harness.app, customer.email, 'monsoon clouds over padma 12')).statusCode).toBe(200);
    expect((await call(suite.harness.app, 'GET', '/api/auth/get-session', customer.cookie)).json()).toBeNull();

    // Opened again from the e-mail, as a new tab would.
    await page.goto(`${suite.baseUrl}/logIn`);
    await page.goto(link);
    await page.getByLabel('New password').fill('another monsoon passphrase 13');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.getByText('This link has expired or was already used').count()).toBe(1);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(`${suite.baseUrl}/forgotPassword`);
  });
});

describe('signing out everywhere', () => {
  it('ends this session and the one on another device after one confirm', async () => {
    const customer = await registerCustomer(suite.harness.app, { name: 'Mahmud Hasan' });
    const other = await signIn(suite.harness.app, customer.email, customer.password);
    const otherCookie = String(other.headers['set-cookie']).split(';')[0] ?? '';
    const page = await (await suite.newContext(1280, customer.cookie)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${suite.baseUrl}/userProfile`);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign out everywhere');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await page.waitForURL(`${suite.baseUrl}/logIn`);
    expect((await call(suite.harness.app, 'GET', '/api/auth/get-session', otherCookie)).json()).toBeNull();
    await page.goto(`${suite.baseUrl}/myAccounts`);
    await page.waitForURL(/\/logIn/);
  });
});
