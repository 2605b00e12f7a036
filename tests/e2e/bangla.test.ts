import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { approveAccount, balanceOf, call, openFundedAccount } from '../../src/server/test-support/banking';
import { verifyLedger } from '../../src/server/modules/ledger/ledger';
import { toBanglaDigits } from '../../src/shared/digits';
import { onePixelPng, registerCustomer, signInStaff } from '../../src/server/test-support/test-app';
import { browserSuite } from '../support/browser-harness';

const suite = browserSuite();

const shows = (page: Page, text: string) => expect.poll(() => page.getByText(text).count(), { timeout: 10_000 }).toBeGreaterThan(0);
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('a customer who reads Bangla', () => {
  it('switches to Bangla, keeps it after a reload, and registers, signs in and banks in Bangla with Bangla digits', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${suite.baseUrl}/`);
    await page.getByRole('button', { name: /^বাংলা/ }).click();
    await shows(page, 'বাংলাদেশের প্রতিটি ঘরের ব্যাংক');
    expect(await htmlLang(page)).toBe('bn');
    await expect.poll(() => page.title()).toContain('পদ্মা ব্যাংক');

    await page.reload();
    await shows(page, 'বাংলাদেশের প্রতিটি ঘরের ব্যাংক');
    expect(await htmlLang(page)).toBe('bn');
    await expect.poll(() => page.getByRole('button', { name: /^English/ }).count()).toBe(1);

    const email = `farzana.${Date.now()}@example.com`;
    const password = 'boats on the padma at dusk';
    await page.goto(`${suite.baseUrl}/register`);
    await page.getByRole('button', { name: 'নিবন্ধন করুন' }).click();
    await shows(page, 'ইমেইল আবশ্যক');
    await shows(page, 'পাসওয়ার্ড আবশ্যক');
    await page.getByLabel('পুরো নাম').fill('Farzana Akter');
    await page.getByLabel('ইমেইল ঠিকানা').fill(email);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'নিবন্ধন করুন' }).click();
    // A new customer lands on My Accounts, where an account is requested.
    await page.waitForURL(`${suite.baseUrl}/myAccounts`);

    await page.getByRole('button', { name: 'লগ আউট' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'লগ ইন' }).count()).toBeGreaterThan(0);
    await page.goto(`${suite.baseUrl}/logIn`);
    await page.getByLabel('ইমেইল ঠিকানা').fill(email);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'লগ ইন', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/logIn');

    await page.goto(`${suite.baseUrl}/myAccounts`);
    await shows(page, 'দুঃখিত!! আপনার কোনো হিসাব নেই। অনুগ্রহ করে একটি খুলুন');
    await expect.poll(() => page.title()).toContain('আমার হিসাব');

    // The choice went to the server with the sign-in, so this customer's e-mails are in Bangla.
    const [user] = await suite.harness.database.db.select({ id: schema.user.id, language: schema.user.language }).from(schema.user).where(eq(schema.user.email, email));
    await expect
      .poll(
        async () =>
          (
            await suite.harness.database.db
              .select({ language: schema.user.language })
              .from(schema.user)
              .where(eq(schema.user.id, user?.id ?? ''))
          )[0]?.language,
      )
      .toBe('bn');

    // An account request typed as a Bangladeshi types it: a local phone number and Bangla digits.
    await page.goto(`${suite.baseUrl}/openAcc`);
    await page.getByLabel('হিসাবের ধরন').selectOption('savings');
    await page.getByLabel('মোবাইল নম্বর').fill('০১৭১২-৩৪৫৬৭৮');
    await page.getByLabel('লিঙ্গ').selectOption('Female');
    await page.getByLabel('দিন', { exact: true }).fill('১৪');
    await page.getByLabel('মাস', { exact: true }).selectOption({ label: 'মার্চ' });
    await page.getByLabel('বছর', { exact: true }).fill('১৯৯২');
    await page.getByLabel('জাতীয় পরিচয়পত্র (NID) নম্বর').fill('১৯৯২১২৩৪৫৬৭৮৯');
    await page.getByLabel('আপনার ছবি').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
    await page.getByRole('button', { name: 'পরবর্তী' }).click();
    await page.getByLabel('বর্তমান ঠিকানা').fill('Mirpur 10, Dhaka');
    await page.getByLabel('স্থায়ী ঠিকানা').fill('Sadar, Cumilla');
    await page.getByLabel('নমিনির নাম').fill('Jahanara Begum');
    await page.getByLabel('নমিনির NID নম্বর').fill('১৯৬০১২৩৪৫৬');
    await page.getByLabel('নমিনির সঙ্গে সম্পর্ক').selectOption('Daughter');
    await page.getByRole('button', { name: 'হিসাবের আবেদন করুন' }).click();
    await shows(page, 'আপনার হিসাবের আবেদন সফলভাবে জমা হয়েছে!!');

    const staff = await signInStaff(suite.harness.app);
    const pending = (await call(suite.harness.app, 'GET', '/api/userAccounts?status=pending', staff)).json() as Array<{ _id: string; email: string; phone: string; nid: string; birthDate: string }>;
    const account = pending.find((candidate) => candidate.email === email);
    expect(account).toMatchObject({ phone: '+8801712345678', nid: '1992123456789', birthDate: '1992-03-14' });
    await approveAccount(suite.harness.app, staff, account?._id ?? '');

    // A deposit typed in Bangla digits, and the balance shown in them.
    await page.goto(`${suite.baseUrl}/deposit/${account?._id ?? ''}`);
    await page.getByLabel('জমার পরিমাণ (টাকা)').fill('১,২৫,০০০.৫০');
    await page.getByRole('button', { name: 'জমার আবেদন করুন' }).click();
    await shows(page, 'জমার আবেদন সফলভাবে পাঠানো হয়েছে');
    await shows(page, '১,২৫,০০০.৫০ টাকা');
    await page.close();

    // On a browser where nobody chose a language, signing in brings the customer's Bangla with it.
    const elsewhere = await suite.newContext(360);
    const phone = await elsewhere.newPage();
    await phone.goto(`${suite.baseUrl}/logIn`);
    expect(await htmlLang(phone)).toBe('en');
    await phone.getByLabel('Email address').fill(email);
    await phone.getByLabel('Password', { exact: true }).fill(password);
    await phone.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => htmlLang(phone)).toBe('bn');
    await phone.goto(`${suite.baseUrl}/myAccounts`);
    // The deposit is still waiting for staff: the balance is nothing yet, in Bangla digits.
    await expect.poll(() => phone.getByTestId('account-balance').first().textContent()).toBe('০.০০ টাকা');
    await elsewhere.close();
  });

  it('sends money, gets a card and a loan, repays and reads the statement, all in Bangla on a phone', async () => {
    const { app } = suite.harness;
    const staff = await signInStaff(app);
    const receiver = await registerCustomer(app, { name: 'Tanvir Ahmed' });
    const receiverAccount = await openFundedAccount(app, receiver, staff, 100, { user: 'Tanvir Ahmed', role: 'Current' });
    const customer = await registerCustomer(app, { name: 'Nasrin Sultana' });
    const accountId = await openFundedAccount(app, customer, staff, 50000, { user: 'Nasrin Sultana' });
    // The customer chose Bangla on another device: this browser, where nobody chose, follows it.
    expect((await call(app, 'PUT', '/api/me/language', customer.cookie, { language: 'bn' })).statusCode).toBe(200);
    const page = await (await suite.newContext(360, customer.cookie)).newPage();
    page.setDefaultTimeout(15_000);
    const bdt = (amount: string) => `${toBanglaDigits(amount)} টাকা`;

    await page.goto(`${suite.baseUrl}/moneyTrans/${accountId}`);
    await expect.poll(() => htmlLang(page)).toBe('bn');
    await expect.poll(() => page.getByTestId('summary-balance').textContent()).toBe(bdt('50,000.00'));
    await page.getByLabel('প্রাপকের হিসাব নম্বর').fill(toBanglaDigits(receiverAccount));
    // The bank looks the number up and shows whom it belongs to, masked: the customer types no name.
    await expect.poll(() => page.getByTestId('payee-name').textContent()).toBe('TA**** AH***');
    await page.getByLabel('পাঠানোর পরিমাণ (টাকা)').fill('১২,৫০০.৫০');
    await page.getByRole('button', { name: 'টাকা পাঠান' }).click();
    await page.getByRole('button', { name: 'হ্যাঁ, পাঠান' }).click();
    await shows(page, 'টাকা সফলভাবে পাঠানো হয়েছে');
    expect(await page.getByTestId('receipt-reference').textContent()).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(await page.getByRole('button', { name: 'রসিদ প্রিন্ট করুন' }).count()).toBe(1);
    expect(await balanceOf(app, receiver.cookie, receiverAccount)).toBe(12600.5);
    await page.getByRole('link', { name: 'আমার হিসাবে ফিরুন' }).click();
    await expect.poll(() => page.getByTestId('account-balance').first().textContent()).toBe(bdt('37,499.50'));

    await page.goto(`${suite.baseUrl}/cardsReq/${accountId}`);
    await page.getByLabel('ডেবিট কার্ড').check();
    await page.getByRole('button', { name: 'আবেদন করুন', exact: true }).click();
    await shows(page, 'আবেদন সফলভাবে পাঠানো হয়েছে!!!');

    await page.goto(`${suite.baseUrl}/loanReq/${accountId}`);
    await page.getByLabel('ঋণের ধরন').selectOption('personal');
    await page.getByLabel('মেয়াদ').selectOption('12');
    await page.getByLabel('ঋণের পরিমাণ (টাকা)').fill('২০০০০');
    await page.getByLabel('মাসিক আয় (টাকা)').fill('৬৫০০০');
    await page.getByLabel('প্রতিষ্ঠানের নাম').fill('Karnaphuli Shipping Ltd.');
    await page.getByLabel('আয়ের প্রমাণ').selectOption('salary-certificate');
    await page.getByLabel('কাগজটি আপলোড করুন').setInputFiles({ name: 'salary.png', mimeType: 'image/png', buffer: onePixelPng });
    await page.getByRole('button', { name: 'ঋণের আবেদন করুন' }).click();
    await shows(page, 'ঋণের আবেদন সফলভাবে পাঠানো হয়েছে!!!');
    const loans = (await call(app, 'GET', '/api/userLoanReq?status=pending', staff)).json() as Array<{ _id: string; email: string }>;
    const loan = loans.find((candidate) => candidate.email === customer.email);
    expect((await call(app, 'PUT', '/api/userLoanUpdate', staff, { id: loan?._id ?? '' })).statusCode).toBe(200);

    await page.goto(`${suite.baseUrl}/myLoans`);
    await page.getByRole('link', { name: 'ঋণ পরিশোধ' }).first().click();
    await expect.poll(() => page.getByTestId('repay-outstanding').textContent()).toBe(bdt('20,600.00'));
    await page.getByRole('button', { name: 'পুরোটা পরিশোধ' }).click();
    await page.getByRole('button', { name: 'পরিশোধ করুন', exact: true }).click();
    await page.getByRole('button', { name: 'হ্যাঁ, পরিশোধ করুন' }).click();
    await shows(page, 'ঋণের কিস্তি জমা হয়েছে');
    await page.getByRole('link', { name: 'আমার ঋণে ফিরুন' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'ঋণ পরিশোধ সম্পন্ন' }).isDisabled()).toBe(true);

    // The deposit, the transfer, the loan paid out and its repayment, each in Bangla digits.
    await page.goto(`${suite.baseUrl}/singleDetails/${accountId}`);
    await expect.poll(() => page.getByTestId('detail-balance').textContent()).toBe(bdt('36,899.50'));
    await expect.poll(() => page.getByTestId('statement').getByText(bdt('12,500.50')).count()).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toContain('পদ্মা');
    expect(await verifyLedger(suite.harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });
});
