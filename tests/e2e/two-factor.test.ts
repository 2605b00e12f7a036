import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balanceOf, openFundedAccount } from '../../src/server/test-support/banking';
import { cookieFrom, registerCustomer, signInStaff, type TestApp } from '../../src/server/test-support/test-app';
import { enrolTwoFactor, freshTotpCode, type Authenticator } from '../../src/server/test-support/two-factor';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** Where the screens of this journey are saved, to be looked at (not compared). */
const shotsDir = process.env.TWO_FACTOR_SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

describe('two-step verification in the browser', () => {
  it('a customer turns it on with a computed code, signs in again with a code, and confirms a large transfer with one', async () => {
    const { harness, baseUrl } = suite;
    const staff = await signInStaff(harness.app);
    const customer = await registerCustomer(harness.app, { name: 'Mitu Rahman' });
    const account = await openFundedAccount(harness.app, customer, staff, 200_000, { user: 'Mitu Rahman' });
    const receiver = await registerCustomer(harness.app, { name: 'Tanvir Ahmed' });
    const receiverAccount = await openFundedAccount(harness.app, receiver, staff, 0, { user: 'Tanvir Ahmed', role: 'Current' });
    const newReceiver = await registerCustomer(harness.app, { name: 'Shirin Akter' });
    const newReceiverAccount = await openFundedAccount(harness.app, newReceiver, staff, 0, { user: 'Shirin Akter', role: 'Current' });

    for (const width of [360, 1280]) {
      // Enrolment, from the profile.
      const page = await (await suite.newContext(width, customer.cookie)).newPage();
      page.setDefaultTimeout(15_000);
      if (width === 360) {
        await page.goto(`${baseUrl}/twoFactor`);
        await expect.poll(() => page.title()).toBe('Two-step verification · Padma Bank');
        await shoot(page, `two-factor-off-${width}`);
        await page.getByLabel('Password').fill(customer.password);
        await page.getByRole('button', { name: 'Turn on two-step verification' }).last().click();
        await page.getByTestId('totp-secret').waitFor();
        await shoot(page, `two-factor-enrol-${width}`);
        continue;
      }
      await page.goto(`${baseUrl}/userProfile`);
      await page.getByTestId('two-factor-link').click();
      await expect.poll(() => page.title()).toBe('Two-step verification · Padma Bank');
      expect(await page.getByText('never asks for your codes by phone, SMS or e-mail').count()).toBe(1);
      await shoot(page, `two-factor-off-${width}`);
      await page.getByLabel('Password').fill(customer.password);
      await page.getByRole('button', { name: 'Turn on two-step verification' }).last().click();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
      expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
      expect(await page.getByRole('img', { name: 'QR code to add Padma Bank to an authenticator app' }).count()).toBe(1);
      await shoot(page, `two-factor-enrol-${width}`);
      const authenticator: Authenticator = { secret, lastStep: 0 };
      await page.getByLabel('6-digit code').fill('000000');
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();
      await expect.poll(() => page.getByText('That code is not right').count()).toBeGreaterThan(0);
      await page.getByLabel('6-digit code').fill(await freshTotpCode(authenticator));
      await page.getByRole('button', { name: 'Turn on', exact: true }).click();
      await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Two-step verification is on.');
      await shoot(page, `two-factor-on-${width}`);

      // Signing in again: the password, then a code.
      const fresh = await (await suite.newContext(width)).newPage();
      fresh.setDefaultTimeout(15_000);
      await fresh.goto(`${baseUrl}/logIn`);
      await fresh.getByLabel('Email address').fill(customer.email);
      await fresh.getByLabel('Password', { exact: true }).fill(customer.password);
      await fresh.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect.poll(() => fresh.title()).toBe('Enter your code · Padma Bank');
      expect(await fresh.getByText('never asks for your codes by phone, SMS or e-mail').count()).toBe(1);
      await shoot(fresh, `sign-in-code-${width}`);
      await fresh.getByLabel('6-digit code').fill(await freshTotpCode(authenticator));
      await fresh.getByRole('button', { name: 'Verify and log in' }).click();
      await fresh.waitForURL(`${baseUrl}/myAccounts`);

      // A transfer above 50,000 BDT asks for a code, and moves the money once.
      await fresh.goto(`${baseUrl}/moneyTrans/${account}`);
      await fresh.getByLabel('Receiver account number').fill(receiverAccount);
      await expect.poll(() => fresh.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
      await fresh.getByLabel('Send amount (BDT)').fill('60000');
      await fresh.getByRole('button', { name: 'Send money' }).click();
      // The code is asked before the confirm step, over the form.
      const prompt = fresh.getByTestId('step-up-prompt');
      await prompt.getByLabel('6-digit code').waitFor();
      expect(await prompt.getByText('never asks for your codes by phone, SMS or e-mail').count()).toBe(1);
      await shoot(fresh, `step-up-prompt-${width}`);
      await prompt.getByLabel('6-digit code').fill(await freshTotpCode(authenticator));
      await prompt.getByRole('button', { name: 'Confirm' }).click();
      await fresh.getByRole('button', { name: 'Yes, send it' }).click();
      await expect.poll(() => fresh.getByText('Money Transfer successfully').count()).toBeGreaterThan(0);
      const cookie = (await fresh.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
      expect(await balanceOf(harness.app, cookie, account)).toBe(140_000);

      // 30,000 BDT to a receiver never sent more than 25,000 BDT asks for a code too; to Tanvir, paid 60,000 BDT just now, it does not.
      const send = async (name: string, accountNumber: string, amount: string) => {
        await fresh.goto(`${baseUrl}/moneyTrans/${account}`);
        await fresh.getByLabel('Receiver account number').fill(accountNumber);
        await expect.poll(() => fresh.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
        await fresh.getByLabel('Send amount (BDT)').fill(amount);
        await fresh.getByRole('button', { name: 'Send money' }).click();
      };
      await send('Shirin Akter', newReceiverAccount, '30000');
      await prompt.getByLabel('6-digit code').waitFor();
      await prompt.getByLabel('6-digit code').fill(await freshTotpCode(authenticator));
      await prompt.getByRole('button', { name: 'Confirm' }).click();
      await fresh.getByRole('button', { name: 'Yes, send it' }).click();
      await expect.poll(() => fresh.getByText('Money Transfer successfully').count()).toBeGreaterThan(0);
      expect(await balanceOf(harness.app, cookie, account)).toBe(110_000);
      await send('Tanvir Ahmed', receiverAccount, '30000');
      await fresh.getByRole('button', { name: 'Yes, send it' }).click();
      await expect.poll(() => fresh.getByText('Money Transfer successfully').count()).toBeGreaterThan(0);
      expect(await prompt.count()).toBe(0);
      expect(await balanceOf(harness.app, cookie, account)).toBe(80_000);

      // The same two screens on a phone, for the eye.
      const phone = await (await suite.newContext(360)).newPage();
      phone.setDefaultTimeout(15_000);
      await phone.goto(`${baseUrl}/logIn`);
      await phone.getByLabel('Email address').fill(customer.email);
      await phone.getByLabel('Password', { exact: true }).fill(customer.password);
      await phone.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect.poll(() => phone.title()).toBe('Enter your code · Padma Bank');
      await shoot(phone, 'sign-in-code-360');
      await phone.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
      await shoot(phone, 'sign-in-recovery-360');
      await phone.getByRole('button', { name: 'Use the code from the app instead' }).click();
      await phone.getByLabel('6-digit code').fill(await freshTotpCode(authenticator));
      await phone.getByRole('button', { name: 'Verify and log in' }).click();
      await phone.waitForURL(`${baseUrl}/myAccounts`);
      await phone.goto(`${baseUrl}/moneyTrans/${account}`);
      await phone.getByLabel('Receiver account number').fill(receiverAccount);
      await expect.poll(() => phone.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
      await phone.getByLabel('Send amount (BDT)').fill('55000');
      await phone.getByRole('button', { name: 'Send money' }).click();
      await phone.getByTestId('step-up-prompt').getByLabel('6-digit code').waitFor();
      await shoot(phone, 'step-up-prompt-360');
      await phone.getByTestId('step-up-prompt').getByRole('button', { name: 'Cancel' }).click();
      expect(await balanceOf(harness.app, cookie, account)).toBe(80_000);
    }
  }, 300_000);

  it('a customer replaces the authenticator app: password and a current code, then the new app’s first code; other devices are signed out', async () => {
    const { harness, baseUrl } = suite;
    const customer = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
    const enrolment = await enrolTwoFactor(harness.app, customer.cookie, customer.password);
    const elsewhere = await signInWithRecoveryCode(harness, customer, enrolment.recoveryCodes[9] ?? '');
    const page = await (await suite.newContext(1280, enrolment.cookie)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl}/twoFactor`);
    const card = page.getByRole('region', { name: 'Replace authenticator app' });
    await card.getByLabel('Password').fill(customer.password);
    await card.getByLabel('Code from your current app, or a recovery code').fill('000000');
    await card.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => card.getByText('That code is not right').count()).toBeGreaterThan(0);
    await card.getByLabel('Code from your current app, or a recovery code').fill(await freshTotpCode(enrolment.authenticator));
    await card.getByRole('button', { name: 'Continue' }).click();
    const secret = ((await card.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    const newCodes = await card.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(newCodes).toHaveLength(10);
    await shoot(page, 'two-factor-replace-new-app-1280-en');
    // Until the new app's first code, the other device goes on.
    expect((await harness.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: elsewhere } })).statusCode).toBe(200);
    const newApp: Authenticator = { secret, lastStep: 0 };
    await card.getByLabel('6-digit code').fill(await freshTotpCode(newApp));
    await card.getByRole('button', { name: 'Replace app' }).click();
    await expect.poll(() => page.getByText('Your new authenticator app is in use').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('two-factor-status').textContent()).toBe('Two-step verification is on.');
    expect((await harness.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    // This browser's session carries on (with its new token), and the owner has been told.
    await page.goto(`${baseUrl}/notifications`);
    await expect.poll(() => page.getByText('Authenticator app replaced').count()).toBeGreaterThan(0);

    // The screens, for the eye: the start of a replacement and the new app's steps, on a phone and in Bangla.
    if (!shotsDir) return;
    let spare = 0;
    for (const [width, language] of [
      [1280, 'en'],
      [360, 'en'],
      [1280, 'bn'],
      [360, 'bn'],
    ] as const) {
      const cookie = await signInWithRecoveryCode(harness, customer, newCodes[spare++] ?? '');
      const context = await suite.newContext(width, cookie);
      if (language === 'bn') await context.addInitScript(() => localStorage.setItem('padma-bank.language', 'bn'));
      const screen = await context.newPage();
      screen.setDefaultTimeout(15_000);
      await screen.goto(`${baseUrl}/twoFactor`);
      const form = screen.locator('section', { has: screen.locator('#replace-code') });
      await form.waitFor();
      await shoot(screen, `two-factor-replace-${width}-${language}`);
      await screen.locator('#replace-password').fill(customer.password);
      await screen.locator('#replace-code').fill(newCodes[spare++] ?? '');
      await form.locator('button[type=submit]').click();
      await screen.getByTestId('totp-secret').waitFor();
      await shoot(screen, `two-factor-replace-new-app-${width}-${language}`);
    }
  }, 180_000);
});

/** A session signed in with the password and a recovery code, through the endpoints. */
async function signInWithRecoveryCode(harness: TestApp, customer: { email: string; password: string }, code: string): Promise<string> {
  const headers = { origin: harness.app.services.publicUrl };
  const first = await harness.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: customer.email, password: customer.password }, headers });
  const second = await harness.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-backup-code',
    payload: { code },
    headers: { ...headers, cookie: cookieFrom(first.headers['set-cookie']) },
  });
  if (second.statusCode !== 200) throw new Error(`recovery sign-in failed: ${second.statusCode} ${second.body}`);
  return cookieFrom(second.headers['set-cookie']);
}
