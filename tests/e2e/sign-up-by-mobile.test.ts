import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { balanceOf, openFundedAccount } from '../../src/server/test-support/banking';
import { codeIn, newestSms, smsTexts, verifyPhone } from '../../src/server/test-support/sms';
import { registerCustomer, signInStaff, uploadAvatar } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

/** Where the screens of this journey are saved, to be looked at (not compared). */
const shotsDir = process.env.SIGN_UP_SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

describe('sign-up by mobile number', () => {
  it('a visitor at 360 px registers with the code from the SMS, lands signed in, and a large transfer then asks for an SMS code to that number with no set-up', async () => {
    const { harness, baseUrl } = suite;
    const { app } = harness;
    const phoneNumber = '+8801911223344';
    const email = `mobile.${Date.now()}@example.com`;
    const page = await (await suite.newContext(360)).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Full name').fill('Shirin Akter');
    await page.getByLabel('Email address').fill(email);

    // A number without its code is not sent: the form says to send the code first.
    await page.getByLabel('Mobile number').fill('01911-223344');
    await page.getByLabel('Password', { exact: true }).fill('boats on the buriganga at dawn');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Tap “Send code”', { exact: false }).count()).toBe(1);
    expect(await smsTexts(app, phoneNumber)).toEqual([]);

    await page.getByRole('button', { name: 'Send code' }).click();
    const sms = await newestSms(app, phoneNumber, 0);
    const code = codeIn(sms);
    expect(sms).toBe(`Code ${code} to open your Padma Bank account; Padma Bank never asks for it`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: '+880 1•••-•••344' }).count()).toBe(1);
    await page.getByLabel('Code from the SMS').fill(code);
    await shoot(page, 'register-code-en-360');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(`${baseUrl}/myAccounts`);

    const [user] = await harness.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(user).toMatchObject({ phoneNumber, phoneNumberVerified: true });
    const cookie = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join('; ');
    // Registration asks no photo: the account request brings the one the bank keeps.
    const customer = { cookie, email, userId: user?.id ?? '', image: await uploadAvatar(app, cookie) };
    const staff = await signInStaff(app);
    const account = await openFundedAccount(app, customer, staff, 100_000, { user: 'Shirin Akter' });
    const karim = await registerCustomer(app, { name: 'Karim Hossain' });
    const karimAccount = await openFundedAccount(app, karim, staff, 0, { user: 'Karim Hossain', role: 'Current' });

    // The number is the SMS factor at once: the step-up sends its code, no number to verify first.
    await page.goto(`${baseUrl}/moneyTrans/${account}`);
    await page.getByLabel('Receiver account number').fill(karimAccount);
    await expect.poll(() => page.getByTestId('payee-lookup').getAttribute('data-state')).toBe('found');
    await page.getByLabel('Send amount (BDT)').fill('60000');
    await page.getByRole('button', { name: 'Send money' }).click();
    const prompt = page.getByTestId('step-up-prompt');
    await expect.poll(() => prompt.getAttribute('data-mode')).toBe('sms');
    const transferSms = await newestSms(app, phoneNumber, 1);
    expect(transferSms).toMatch(/^Code \d{6} to send 60,000 BDT to KA\*\*\* HO\*\*\*\*\*; Padma Bank never asks for it$/);
    await prompt.getByLabel('6-digit code').fill(codeIn(transferSms));
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Yes, send it' }).click();
    await expect.poll(() => page.getByText('Money Transfer successfully').count()).toBeGreaterThan(0);
    expect(await balanceOf(app, karim.cookie, karimAccount)).toBe(60_000);
  }, 300_000);

  it('a number that already belongs to a customer is told to sign in once its code is checked', async () => {
    const { harness, baseUrl } = suite;
    const page = await (await suite.newContext(360)).newPage();
    page.setDefaultTimeout(15_000);
    const phoneNumber = '+8801811998877';
    await verifyPhone(harness.app, await registerCustomer(harness.app), phoneNumber);
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Full name').fill('Rupa Das');
    await page.getByLabel('Email address').fill(`rupa.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('boats on the buriganga at dusk');
    await page.getByLabel('Mobile number').fill(phoneNumber);
    const seen = (await smsTexts(harness.app, phoneNumber)).length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code from the SMS').fill(codeIn(await newestSms(harness.app, phoneNumber, seen)));
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('This mobile number already belongs to a Padma Bank customer. Sign in instead.').count()).toBeGreaterThan(0);
    expect(page.url()).toBe(`${baseUrl}/register`);
    await shoot(page, 'register-taken-en-360');
  }, 120_000);

  it('in Bangla, the SMS and the screen speak Bangla, at 360 and 1280 px', async () => {
    const { harness, baseUrl } = suite;
    for (const [index, width] of [360, 1280].entries()) {
      const phoneNumber = `+88016550000${index}0`.slice(0, 14);
      const page = await (await suite.newContext(width)).newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${baseUrl}/register`);
      await shoot(page, `register-en-${width}`);
      await page.getByRole('button', { name: 'বাংলা' }).click();
      await page.getByText('মোবাইল নম্বর (ঐচ্ছিক)').waitFor();
      await page.getByLabel('মোবাইল নম্বর', { exact: true }).fill(`০১৬৫৫-০০০০${index}০`);
      await page.getByRole('button', { name: 'কোড পাঠান' }).click();
      const sms = await newestSms(harness.app, phoneNumber, 0);
      expect(sms).toMatch(/^কোড [০-৯]{6}: পদ্মা ব্যাংক-এ আপনার অ্যাকাউন্ট খুলতে; পদ্মা ব্যাংক কখনও এই কোড চায় না$/);
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: `+৮৮০ ১•••-•••${index === 0 ? '০০০' : '০১০'}` })
            .count(),
        )
        .toBe(1);
      await shoot(page, `register-code-bn-${width}`);
    }
  }, 120_000);
});
