import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { balanceOf, openFundedAccount } from '../../src/server/test-support/banking';
import { codeIn, newestSms, smsTexts } from '../../src/server/test-support/sms';
import { registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** Where the screens of this journey are saved, to be looked at (not compared). */
const shotsDir = process.env.SMS_SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** What the transfer form holds now: it must never be emptied by a step-up, whatever path the customer takes. */
async function formValues(page: Page): Promise<string[]> {
  return Promise.all(['Receiver account number', 'Send amount (BDT)'].map((label) => page.getByLabel(label).inputValue()));
}

describe('a step-up that works on one phone', () => {
  it('a customer without an authenticator sends 60,000 BDT at 360 px: asked before the confirm, verifies a number in place, types the SMS code, and the form stays filled', async () => {
    const { harness, baseUrl } = suite;
    const { app } = harness;
    const staff = await signInStaff(app);
    const customer = await registerCustomer(app, { name: 'Sultana Begum' });
    const account = await openFundedAccount(app, customer, staff, 100_000, { user: 'Sultana Begum' });
    const karim = await registerCustomer(app, { name: 'Karim Hossain' });
    const karimAccount = await openFundedAccount(app, karim, staff, 0, { user: 'Karim Hossain', role: 'Current' });
    const rafiq = await registerCustomer(app, { name: 'Rafiq Islam' });
    const rafiqAccount = await openFundedAccount(app, rafiq, staff, 0, { user: 'Rafiq Islam', role: 'Current' });
    const phoneNumber = '+8801712345678';

    const page = await (await suite.newContext(360, customer.cookie)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl}/moneyTrans/${account}`);
    await page.getByLabel('Receiver account number').fill(karimAccount);
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    await page.getByLabel('Send amount (BDT)').fill('60000');
    const typed = await formValues(page);
    const prompt = page.getByTestId('step-up-prompt');

    // Asked before the confirm step: no factor yet, so the dialog offers to verify a number. Cancel returns to the filled form.
    await page.getByRole('button', { name: 'Send money' }).click();
    await prompt.getByLabel('Mobile number').waitFor();
    expect(await page.getByRole('button', { name: 'Yes, send it' }).count()).toBe(0);
    await shoot(page, 'sms-setup-360');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    expect(await formValues(page)).toEqual(typed);
    expect(await page.getByRole('button', { name: 'Yes, send it' }).count()).toBe(0);

    // Again: the number and the password, then the code the SMS brought.
    await page.getByRole('button', { name: 'Send money' }).click();
    await prompt.getByLabel('Mobile number').fill('01712-345678');
    await prompt.getByLabel('Password').fill(customer.password);
    await prompt.getByRole('button', { name: 'Send code' }).click();
    const verification = await newestSms(app, phoneNumber, 0);
    expect(verification).toContain('to verify this mobile number with Padma Bank');
    await prompt.getByLabel('6-digit code').fill(codeIn(verification));
    await prompt.getByRole('button', { name: 'Verify number' }).click();

    // The transfer's own code is sent at once, bound to it and saying what it confirms.
    const transferSms = await newestSms(app, phoneNumber, 1);
    const code = codeIn(transferSms);
    expect(transferSms).toBe(`Code ${code} to send 60,000 BDT to KA*** HO*****; Padma Bank never asks for it`);
    await expect.poll(() => prompt.getAttribute('data-mode')).toBe('sms');
    await expect.poll(() => prompt.getByTestId('step-up-intro').textContent()).toContain('+880 1•••-•••678');
    await shoot(page, 'sms-code-360');

    // A wrong code is refused in the dialog, the form behind it untouched.
    await prompt.getByLabel('6-digit code').fill(code === '000000' ? '000001' : '000000');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => prompt.getByText('That code is not right, or it is no longer valid.', { exact: false }).count()).toBe(1);
    await shoot(page, 'sms-wrong-code-360');
    await prompt.getByLabel('6-digit code').fill(code);
    await prompt.getByRole('button', { name: 'Confirm' }).click();

    // Then the confirm step, with the form as typed, and the money goes once.
    await page.getByRole('button', { name: 'Yes, send it' }).waitFor();
    expect(await formValues(page)).toEqual(typed);
    await shoot(page, 'sms-confirm-360');
    await page.getByRole('button', { name: 'Yes, send it' }).click();
    await expect.poll(() => page.getByText('Money Transfer successfully').count()).toBeGreaterThan(0);
    expect(await balanceOf(app, customer.cookie, account)).toBe(40_000);
    expect(await balanceOf(app, karim.cookie, karimAccount)).toBe(60_000);
    expect(await smsTexts(app, phoneNumber)).toHaveLength(2);

    // The number shows on the two-step page; the stronger choice, the app, opens on this same phone by its link, and its key copies.
    await page.goto(`${baseUrl}/twoFactor`);
    await expect.poll(() => page.getByTestId('sms-phone-status').textContent()).toBe('Codes by SMS go to +880 1•••-•••678.');
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Turn on two-step verification' }).last().click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    const link = (await page.getByTestId('otpauth-link').getAttribute('href')) ?? '';
    expect(link).toMatch(/^otpauth:\/\/totp\/Padma%20Bank:/);
    expect(new URL(link).searchParams.get('secret')).toBe(secret);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Key copied' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shoot(page, 'two-factor-enrol-links-360');

    // In Bangla on a desktop: 30,000 BDT to Rafiq, a new receiver, asks for the code, in Bangla with Bangla digits.
    const desk = await (await suite.newContext(1280, customer.cookie)).newPage();
    desk.setDefaultTimeout(15_000);
    await desk.goto(`${baseUrl}/moneyTrans/${account}`);
    await desk.getByRole('button', { name: /^বাংলা/ }).click();
    await desk.locator('#transfer-accNum').fill(rafiqAccount);
    await expect.poll(() => desk.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    await desk.locator('#transfer-amount').fill('30000');
    await desk.locator('form button[type=submit]').click();
    const bangla = await newestSms(app, phoneNumber, 2);
    expect(bangla).toMatch(/^কোড [০-৯]{6}: RA\*\*\* IS\*\*\*-কে ৩০,০০০ টাকা পাঠাতে; পদ্মা ব্যাংক কখনও এই কোড চায় না$/);
    await expect.poll(() => desk.getByTestId('step-up-intro').textContent()).toContain('+৮৮০ ১•••-•••৬৭৮');
    await shoot(desk, 'sms-code-bn-1280');
  }, 300_000);
});
