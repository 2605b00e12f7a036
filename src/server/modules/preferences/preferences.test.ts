import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { createTestApp, registerCustomer, testPublicUrl, type TestApp } from '../../test-support/test-app';
import { noticeThrottledSignIn } from '../notices/notices.service';
import { buildSignInThrottledNotice } from '../notices/notice-texts';
import { emailsTo } from '../../test-support/emails';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => {
  await harness.close();
});

const chooseLanguage = (cookie: string, payload: unknown) =>
  harness.app.inject({ method: 'PUT', url: '/api/me/language', payload: payload as Record<string, unknown>, headers: { cookie, origin: testPublicUrl } });

async function storedLanguage(userId: string): Promise<string | undefined> {
  const [row] = await harness.database.db.select({ language: schema.user.language }).from(schema.user).where(eq(schema.user.id, userId));
  return row?.language;
}

const noticesOf = (userId: string) => emailsTo(harness.database.db, userId);

describe('PUT /api/me/language', () => {
  it('keeps the signed-in user’s choice, English until they choose', async () => {
    const customer = await registerCustomer(harness.app);
    expect(await storedLanguage(customer.userId)).toBe('en');
    const chosen = await chooseLanguage(customer.cookie, { language: 'bn' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ acknowledged: true, language: 'bn' });
    expect(await storedLanguage(customer.userId)).toBe('bn');
    expect((await chooseLanguage(customer.cookie, { language: 'en' })).statusCode).toBe(200);
    expect(await storedLanguage(customer.userId)).toBe('en');
  });

  it('is in the session answer at once, so that a new browser starts in it', async () => {
    const customer = await registerCustomer(harness.app);
    const session = () => harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: customer.cookie } });
    expect((await session()).json().user.language).toBe('en');
    expect((await chooseLanguage(customer.cookie, { language: 'bn' })).statusCode).toBe(200);
    expect((await session()).json().user.language).toBe('bn');
  });

  it('refuses a language it does not offer with 400 naming the field, and a visitor with 401', async () => {
    const customer = await registerCustomer(harness.app);
    for (const payload of [{ language: 'fr' }, { language: '' }, {}, { language: 7 }]) {
      const refused = await chooseLanguage(customer.cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.fields.language).toMatch(/Language must be en/);
    }
    expect(await storedLanguage(customer.userId)).toBe('en');
    expect((await chooseLanguage('', { language: 'bn' })).statusCode).toBe(401);
  });

  it('refuses a language the database does not know, even written past the API', async () => {
    const customer = await registerCustomer(harness.app);
    await expect(harness.database.db.execute(`UPDATE "user" SET language = 'xx' WHERE id = '${customer.userId}'`)).rejects.toThrow();
  });
});

describe('security e-mails follow the chosen language', () => {
  it('writes the password-changed notice in Bangla to a user who chose Bangla, and in English to one who did not', async () => {
    const bangla = await registerCustomer(harness.app, { name: 'নুসরাত জাহান' });
    const english = await registerCustomer(harness.app);
    expect((await chooseLanguage(bangla.cookie, { language: 'bn' })).statusCode).toBe(200);
    for (const customer of [bangla, english]) {
      const changed = await harness.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: customer.password, newPassword: 'boats on the buriganga river' },
        headers: { cookie: customer.cookie, origin: testPublicUrl },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const [banglaNotice] = await noticesOf(bangla.userId);
    expect(banglaNotice?.subject).toBe('পদ্মা ব্যাংক: আপনার পাসওয়ার্ড পরিবর্তন করা হয়েছে');
    expect(banglaNotice?.body).toContain('প্রিয় নুসরাত জাহান,');
    expect(banglaNotice?.body).toContain('127.0.0.1');
    expect(banglaNotice?.body).toMatch(/[০-৯]{4}, [০-৯]{2}:[০-৯]{2} \(ঢাকা সময়\)/);
    const [englishNotice] = await noticesOf(english.userId);
    expect(englishNotice?.subject).toBe('Padma Bank: your password was changed');
  });

  it('writes the throttled sign-in notice in the owner’s language', async () => {
    const customer = await registerCustomer(harness.app, { name: 'Arif Hossain' });
    expect((await chooseLanguage(customer.cookie, { language: 'bn' })).statusCode).toBe(200);
    const at = new Date('2026-11-24T06:30:00Z');
    expect(await noticeThrottledSignIn(harness.database.db, { email: customer.email, clientAddress: '203.0.113.70', refusedEverywhere: false, secondsToWait: 900, at })).toBe(true);
    const [notice] = await noticesOf(customer.userId);
    expect(notice?.subject).toBe('পদ্মা ব্যাংক: আপনার হিসাবে বারবার লগ ইনের চেষ্টা আমরা থামিয়েছি');
    expect(notice?.body).toContain('২৪ নভেম্বর ২০২৬, ১২:৩০ (ঢাকা সময়)');
    expect(notice?.body).toContain('প্রায় ১৫ মিনিট ওই ঠিকানা থেকে লগ ইন বন্ধ থাকবে');
    expect(notice?.body).not.toMatch(/https?:/);
  });
});

describe('buildSignInThrottledNotice in Bangla', () => {
  it('says when sign-in is paused from every device', () => {
    const notice = buildSignInThrottledNotice({ name: 'Rahim', clientAddress: '203.0.113.9', at: new Date('2026-11-24T06:30:00Z'), refusedEverywhere: true, minutesToWait: 30 }, 'bn');
    expect(notice.body).toContain('প্রায় ৩০ মিনিট আপনার হিসাবে লগ ইন বন্ধ থাকবে, সব ডিভাইস থেকে।');
    expect(notice.body).toContain('পদ্মা ব্যাংক কখনো ফোন, এসএমএস বা ইমেইলে আপনার পাসওয়ার্ড বা কোনো কোড চায় না।');
  });
});
