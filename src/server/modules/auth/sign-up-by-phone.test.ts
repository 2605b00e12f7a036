import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { call, openFundedAccount } from '../../test-support/banking';
import { codeIn, newestSms, smsTexts, verifyPhone } from '../../test-support/sms';
import { cookieFrom, createTestApp, registerCustomer, signInStaff, uploadAvatar, type TestApp } from '../../test-support/test-app';
import { deleteExpiredSmsCodes } from '../two-factor/sms-codes';
import { signUpCodeText } from '../two-factor/sms-texts';

let harness: TestApp;
let staff: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
}, 180_000);
afterAll(async () => harness.close());

let counter = 0;
/** A number and a client address of its own for each visitor, so one test's throttles never reach another's. */
function visitor() {
  counter += 1;
  return { phoneNumber: `+88019${String(20_000_000 + counter * 104_729).slice(0, 8)}`, address: `10.9.0.${counter}`, email: `mobile${counter}.${Date.now()}@example.com` };
}

const askCode = (address: string, body: unknown) =>
  harness.app.inject({ method: 'POST', url: '/api/auth/sign-up/phone-code', payload: body as Record<string, unknown>, headers: { origin: harness.app.services.publicUrl }, remoteAddress: address });

async function signUp(address: string, body: Record<string, unknown>) {
  const image = await uploadAvatar(harness.app);
  return harness.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: 'Shirin Akter', password: 'a long customer passphrase 42', image, ...body },
    headers: { origin: harness.app.services.publicUrl },
    remoteAddress: address,
  });
}

/** Asks a sign-up code for the number and answers the code its SMS brought, and the SMS. */
async function codeFor(address: string, phoneNumber: string, language: 'en' | 'bn' = 'en', typed = phoneNumber) {
  const seen = (await smsTexts(harness.app, phoneNumber)).length;
  const asked = await askCode(address, { phoneNumber: typed, language });
  expect(asked.statusCode, asked.body).toBe(200);
  const text = await newestSms(harness.app, phoneNumber, seen);
  return { code: codeIn(text), text, answer: asked.json() as unknown };
}

const usersWithEmail = async (email: string) => (await harness.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email))).length;
const usersWithPhone = async (phoneNumber: string) => (await harness.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.phoneNumber, phoneNumber))).length;

const codeRows = async () => harness.database.db.select({ id: schema.smsCode.id, failedAttempts: schema.smsCode.failedAttempts, usedAt: schema.smsCode.usedAt }).from(schema.smsCode);

describe('the message of a sign-up code', () => {
  it('says it opens an account and that the bank never asks for it, in the reader’s language', () => {
    expect(signUpCodeText('123456', 'en')).toBe('Code 123456 to open your Padma Bank account; Padma Bank never asks for it');
    expect(signUpCodeText('123456', 'bn')).toBe('কোড ১২৩৪৫৬: পদ্মা ব্যাংক-এ আপনার অ্যাকাউন্ট খুলতে; পদ্মা ব্যাংক কখনও এই কোড চায় না');
  });
});

describe('registering with a mobile number', () => {
  it('stores the number verified at sign-up, and a large transfer then asks for an SMS code to it with no set-up step', async () => {
    const { phoneNumber, address, email } = visitor();
    const { code, text, answer } = await codeFor(address, phoneNumber, 'en', `0${phoneNumber.slice(4, 8)}-${phoneNumber.slice(8)}`);
    expect(text).toBe(`Code ${code} to open your Padma Bank account; Padma Bank never asks for it`);
    expect(answer).toMatchObject({ stepUp: 'sms', expiresInSeconds: 300 });
    const created = await signUp(address, { email, phoneNumber, phoneCode: code });
    expect(created.statusCode, created.body).toBe(200);
    const [row] = await harness.database.db
      .select({ phoneNumber: schema.user.phoneNumber, verified: schema.user.phoneNumberVerified, image: schema.user.image })
      .from(schema.user)
      .where(eq(schema.user.email, email));
    expect(row).toMatchObject({ phoneNumber, verified: true });

    const customer = {
      cookie: cookieFrom(created.headers['set-cookie']),
      email,
      password: 'a long customer passphrase 42',
      userId: (created.json() as { user: { id: string } }).user.id,
      image: row?.image ?? '',
    };
    expect((await call(harness.app, 'GET', '/api/phoneNumber', customer.cookie)).json()).toEqual({ phoneNumber: `+880 1•••-•••${phoneNumber.slice(-3)}` });
    const karim = await registerCustomer(harness.app, { name: 'Karim Hossain' });
    const karimAccount = await openFundedAccount(harness.app, karim, staff, 0, { user: 'Karim Hossain', role: 'Current' });
    const account = await openFundedAccount(harness.app, customer, staff, 61_000, { user: 'Shirin Akter' });
    const seen = (await smsTexts(harness.app, phoneNumber)).length;
    const check = await call(harness.app, 'POST', '/api/userMoneyTrans/check', customer.cookie, { id: account, confirmedName: 'Karim Hossain', accNum: karimAccount, sendAmount: 60_000 });
    expect(check.json()).toMatchObject({ stepUp: 'sms' });
    expect(await newestSms(harness.app, phoneNumber, seen)).toMatch(/^Code \d{6} to send 60,000 BDT to KA\*\*\* HO\*\*\*\*\*; Padma Bank never asks for it$/);
  }, 60_000);

  it('sends the Bangla message to a visitor reading Bangla', async () => {
    const { phoneNumber, address } = visitor();
    const { text } = await codeFor(address, phoneNumber, 'bn');
    expect(text).toMatch(/^কোড [০-৯]{6}: পদ্মা ব্যাংক-এ আপনার অ্যাকাউন্ট খুলতে; পদ্মা ব্যাংক কখনও এই কোড চায় না$/);
  });

  it('binds the code to its number: it registers no other number, and writes nothing', async () => {
    const first = visitor();
    const second = visitor();
    const { code } = await codeFor(first.address, first.phoneNumber);
    const refused = await signUp(first.address, { email: first.email, phoneNumber: second.phoneNumber, phoneCode: code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_second_factor_code', fields: { phoneCode: expect.any(String) } });
    expect(await usersWithEmail(first.email)).toBe(0);
    expect(await usersWithPhone(second.phoneNumber)).toBe(0);
  });

  it('spends the code once: a second sign-up with it is refused and writes nothing', async () => {
    const { phoneNumber, address, email } = visitor();
    const { code } = await codeFor(address, phoneNumber);
    expect((await signUp(address, { email, phoneNumber, phoneCode: code })).statusCode).toBe(200);
    const again = visitor();
    const reused = await signUp(address, { email: again.email, phoneNumber, phoneCode: code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({ code: 'second_factor_code_used', fields: { phoneCode: expect.any(String) } });
    expect(await usersWithEmail(again.email)).toBe(0);
  });

  it('keeps the code when the rest of the form is refused, and kills it after three wrong tries', async () => {
    const { phoneNumber, address, email } = visitor();
    const taken = await registerCustomer(harness.app);
    const { code } = await codeFor(address, phoneNumber);
    const emailTaken = await signUp(address, { email: taken.email, phoneNumber, phoneCode: code });
    expect(emailTaken.statusCode).toBeGreaterThanOrEqual(400);
    expect(await usersWithPhone(phoneNumber)).toBe(0);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await signUp(address, { email, phoneNumber, phoneCode: wrong })).statusCode).toBe(400);
    const dead = await signUp(address, { email, phoneNumber, phoneCode: code });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().error.code).toBe('invalid_second_factor_code');
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('answers a registered number as a new one until the code is checked, then says to sign in, writing nothing', async () => {
    const { phoneNumber, address, email } = visitor();
    const owner = await registerCustomer(harness.app);
    await verifyPhone(harness.app, owner, phoneNumber);
    const fresh = visitor();
    const newAnswer = (await askCode(fresh.address, { phoneNumber: fresh.phoneNumber })).json() as { sentTo: string };
    const { code, answer } = await codeFor(address, phoneNumber);
    expect(Object.keys(answer as object).sort()).toEqual(Object.keys(newAnswer).sort());
    const refused = await signUp(address, { email, phoneNumber, phoneCode: code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'phone_number_registered', fields: { phoneNumber: expect.stringMatching(/Sign in instead/) } });
    expect(await usersWithEmail(email)).toBe(0);
    expect(await usersWithPhone(phoneNumber)).toBe(1);
  });

  it('throttles the codes sent: per number, and per client address across numbers', async () => {
    const { phoneNumber, address } = visitor();
    for (let sent = 0; sent < 5; sent += 1) expect((await askCode(`10.8.${counter}.${sent}`, { phoneNumber })).statusCode).toBe(200);
    expect((await askCode(address, { phoneNumber })).statusCode).toBe(429);
    expect(await smsTexts(harness.app, phoneNumber)).toHaveLength(5);

    const busy = '10.7.0.1';
    for (let sent = 0; sent < 10; sent += 1) expect((await askCode(busy, { phoneNumber: visitor().phoneNumber })).statusCode).toBe(200);
    const another = visitor().phoneNumber;
    expect((await askCode(busy, { phoneNumber: another })).statusCode).toBe(429);
    expect(await smsTexts(harness.app, another)).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const { phoneNumber, address, email } = visitor();
    const badNumber = await askCode(address, { phoneNumber: '12345' });
    expect(badNumber.statusCode).toBe(400);
    expect(Object.keys(badNumber.json().error.fields)).toEqual(['phoneNumber']);
    const codesBefore = await codeRows();
    const noCode = await signUp(address, { email, phoneNumber });
    expect(noCode.statusCode).toBe(400);
    expect(Object.keys(noCode.json().error.fields)).toEqual(['phoneCode']);
    const noNumber = await signUp(address, { email, phoneCode: '123456' });
    expect(noNumber.statusCode).toBe(400);
    expect(Object.keys(noNumber.json().error.fields)).toEqual(['phoneNumber']);
    const badCode = await signUp(address, { email, phoneNumber, phoneCode: '12ab' });
    expect(badCode.statusCode).toBe(400);
    expect(Object.keys(badCode.json().error.fields)).toEqual(['phoneCode']);
    expect(await usersWithEmail(email)).toBe(0);
    expect(await codeRows()).toEqual(codesBefore);
  });
});

describe('sign-up codes a visitor never used', () => {
  it('are removed a day after they expire, and a code still alive, or expired less than a day ago, is kept', async () => {
    const [stale, recent, alive] = [visitor(), visitor(), visitor()];
    for (const one of [stale, recent, alive]) await codeFor(one.address, one.phoneNumber);
    const expiresAt = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    await harness.database.db
      .update(schema.smsCode)
      .set({ expiresAt: expiresAt(25) })
      .where(eq(schema.smsCode.phoneNumber, stale.phoneNumber));
    await harness.database.db
      .update(schema.smsCode)
      .set({ expiresAt: expiresAt(23) })
      .where(eq(schema.smsCode.phoneNumber, recent.phoneNumber));

    expect(await deleteExpiredSmsCodes(harness.database.db)).toBeGreaterThanOrEqual(1);
    const numbers = (await harness.database.db.select({ phoneNumber: schema.smsCode.phoneNumber }).from(schema.smsCode)).map((row) => row.phoneNumber);
    expect(numbers).not.toContain(stale.phoneNumber);
    expect(numbers).toEqual(expect.arrayContaining([recent.phoneNumber, alive.phoneNumber]));
  });
});
