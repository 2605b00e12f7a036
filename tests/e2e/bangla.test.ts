import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/client';
import { approveAccount, call } from '../../src/server/test-support/banking';
import { onePixelPng, signInStaff } from '../../src/server/test-support/test-app';
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
    await page.getByLabel('প্রোফাইল ছবি').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
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
    await expect.poll(async () => (await suite.harness.database.db.select({ language: schema.user.language }).from(schema.user).where(eq(schema.user.id, user?.id ?? '')))[0]?.language).toBe('bn');

    // An account request typed as a Bangladeshi types it: a local phone number and Bangla digits.
    await page.goto(`${suite.baseUrl}/openAcc`);
    await page.getByLabel('হিসাবের ধরন').selectOption('savings');
    await page.getByLabel('নামের প্রথম অংশ').fill('Farzana');
    await page.getByLabel('নামের শেষ অংশ').fill('Akter');
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

    // On a suite.browser where nobody chose a language, signing in brings the customer's Bangla with it.
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
});
