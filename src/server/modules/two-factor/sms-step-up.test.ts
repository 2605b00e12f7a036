import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { verifyLedger } from '../ledger/ledger';
import { balanceOf, call, openFundedAccount } from '../../test-support/banking';
import { emailsTo } from '../../test-support/emails';
import { codeIn, newestSms, smsTexts, verifyPhone } from '../../test-support/sms';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { enrolTwoFactor } from '../../test-support/two-factor';
import { smsAmount, transferCodeText } from './sms-texts';
import { maskHolderName } from '../../../shared/masked-name';

let harness: TestApp;
let staff: string;
let karimAccount: string;
let otherAccount: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  const karim = await registerCustomer(harness.app, { name: 'Karim Hossain' });
  karimAccount = await openFundedAccount(harness.app, karim, staff, 0, { user: 'Karim Hossain', role: 'Current' });
  const other = await registerCustomer(harness.app, { name: 'Rafiq Islam' });
  otherAccount = await openFundedAccount(harness.app, other, staff, 0, { user: 'Rafiq Islam', role: 'Current' });
}, 180_000);
afterAll(async () => harness.close());

let phoneCounter = 0;
/** A customer with a funded account and, unless told otherwise, a verified mobile number of their own. */
async function customerWithPhone(options: { verified?: boolean; fundsBdt?: number } = {}) {
  phoneCounter += 1;
  const customer = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
  const account = await openFundedAccount(harness.app, customer, staff, options.fundsBdt ?? 61_000, { user: 'Nasrin Sultana' });
  const phoneNumber = `+88017${String(10_000_000 + phoneCounter * 7919).slice(0, 8)}`;
  if (options.verified !== false) await verifyPhone(harness.app, customer, phoneNumber);
  return { ...customer, account, phoneNumber };
}

const toKarim = (from: string, amount: number | string) => ({ id: from, confirmedName: 'Karim Hossain', accNum: karimAccount, sendAmount: amount });
const check = (cookie: string, body: unknown, code?: string) => call(harness.app, 'POST', '/api/userMoneyTrans/check', cookie, body, code ? { 'second-factor-code': code } : {});
const transfer = (cookie: string, body: unknown, headers: Record<string, string>) => call(harness.app, 'PUT', '/api/userMoneyTrans', cookie, body, headers);

/** Asks the check for a transfer and answers the code its SMS brought. */
async function smsCodeFor(customer: { cookie: string; phoneNumber: string }, body: unknown): Promise<{ code: string; text: string }> {
  const seen = (await smsTexts(harness.app, customer.phoneNumber)).length;
  const asked = await check(customer.cookie, body);
  expect(asked.statusCode, asked.body).toBe(200);
  expect(asked.json()).toMatchObject({ stepUp: 'sms', expiresInSeconds: 300 });
  const text = await newestSms(harness.app, customer.phoneNumber, seen);
  return { code: codeIn(text), text };
}

describe('the message of an SMS code', () => {
  it('says the amount, the receiver and that the bank never asks for it, in the reader’s language', () => {
    expect(transferCodeText('123456', { amountPoisha: 6_000_000n, receiverName: 'Karim Hossain' }, 'en')).toBe('Code 123456 to send 60,000 BDT to KA*** HO*****; Padma Bank never asks for it');
    expect(transferCodeText('123456', { amountPoisha: 6_000_050n, receiverName: 'করিম হোসেন' }, 'bn')).toBe(
      `কোড ১২৩৪৫৬: ${maskHolderName('করিম হোসেন')}-কে ৬০,০০০.৫০ টাকা পাঠাতে; পদ্মা ব্যাংক কখনও এই কোড চায় না`,
    );
    expect(smsAmount(12_500_000n, 'en')).toBe('1,25,000 BDT');
  });
});

describe('a mobile number verified once', () => {
  it('needs the password and the code sent to the number; a code for another number verifies nothing', async () => {
    const customer = await registerCustomer(harness.app);
    const wrongPassword = await call(harness.app, 'POST', '/api/phoneNumber/code', customer.cookie, { phoneNumber: '01812-345678', password: 'not the password at all' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('invalid_password');
    expect(await smsTexts(harness.app, '+8801812345678')).toEqual([]);

    const asked = await call(harness.app, 'POST', '/api/phoneNumber/code', customer.cookie, { phoneNumber: '01812-345678', password: customer.password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ stepUp: 'sms', sentTo: '+880 1•••-•••678' });
    const text = await newestSms(harness.app, '+8801812345678', 0);
    expect(text).toMatch(/^Code \d{6} to verify this mobile number with Padma Bank; Padma Bank never asks for it$/);
    const code = codeIn(text);

    const otherNumber = await call(harness.app, 'POST', '/api/phoneNumber/verify', customer.cookie, { phoneNumber: '01812-345679', code });
    expect(otherNumber.statusCode).toBe(400);
    expect(otherNumber.json().error.code).toBe('invalid_second_factor_code');
    const verified = await call(harness.app, 'POST', '/api/phoneNumber/verify', customer.cookie, { phoneNumber: '+880 1812-345678', code });
    expect(verified.statusCode, verified.body).toBe(200);
    const [row] = await harness.database.db.select({ phoneNumber: schema.user.phoneNumber, verified: schema.user.phoneNumberVerified }).from(schema.user).where(eq(schema.user.id, customer.userId));
    expect(row).toEqual({ phoneNumber: '+8801812345678', verified: true });
    expect((await call(harness.app, 'GET', '/api/phoneNumber', customer.cookie)).json()).toEqual({ phoneNumber: '+880 1•••-•••678' });
    // Whoever holds the password could add their own number: the owner is told, in the app and by e-mail.
    const emails = await emailsTo(harness.database.db, customer.userId);
    expect(emails.map((email) => [email.kind, email.subject])).toContainEqual(['phone-verified', 'Padma Bank: a mobile number was verified for SMS codes']);
    // A verified number is changed by the bank: a stolen session and password cannot move the codes.
    const again = await call(harness.app, 'POST', '/api/phoneNumber/code', customer.cookie, { phoneNumber: '01912-345678', password: customer.password });
    expect(again.statusCode).toBe(409);
  });
});

describe('the step-up before the confirm step', () => {
  it('tells a customer without any factor to set one up, and the transfer itself refuses them', async () => {
    const customer = await customerWithPhone({ verified: false });
    expect((await check(customer.cookie, toKarim(customer.account, 60_000))).json()).toEqual({ stepUp: 'setup' });
    const refused = await transfer(customer.cookie, toKarim(customer.account, 60_000), { 'idempotency-key': 'sms-no-factor-0001' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_enrolment_required');
  });

  it('needs no code at or below the threshold, and refuses what the transfer would refuse before sending any code', async () => {
    const customer = await customerWithPhone({ fundsBdt: 1_000 });
    expect((await check(customer.cookie, toKarim(customer.account, 500))).json()).toEqual({ stepUp: 'none' });
    const tooMuch = await check(customer.cookie, toKarim(customer.account, 60_000));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('insufficient_funds');
    expect(await smsTexts(harness.app, customer.phoneNumber)).toHaveLength(1);
  });

  it('sends a code bound to the transfer; it confirms that transfer once and no other', async () => {
    const customer = await customerWithPhone({ fundsBdt: 121_000 });
    const before = await balanceOf(harness.app, customer.cookie, customer.account);
    const { code, text } = await smsCodeFor(customer, toKarim(customer.account, 60_000));
    expect(text).toBe(`Code ${code} to send 60,000 BDT to KA*** HO*****; Padma Bank never asks for it`);

    // Another amount, or another receiver: the code does not match, and nothing moves.
    for (const [index, body] of [toKarim(customer.account, 60_001), { ...toKarim(customer.account, 60_000), confirmedName: 'Rafiq Islam', accNum: otherAccount }].entries()) {
      const other = await transfer(customer.cookie, body, { 'idempotency-key': `sms-bound-other-${index}`, 'second-factor-code': code });
      expect(other.statusCode, other.body).toBe(400);
      expect(other.json().error.code).toBe('invalid_second_factor_code');
    }
    expect(await balanceOf(harness.app, customer.cookie, customer.account)).toBe(before);

    // Checked before the confirm step without being spent, then spent by the transfer.
    expect((await check(customer.cookie, toKarim(customer.account, 60_000), code)).json()).toEqual({ stepUp: 'confirmed' });
    const done = await transfer(customer.cookie, toKarim(customer.account, 60_000), { 'idempotency-key': 'sms-bound-0001', 'second-factor-code': code });
    expect(done.statusCode, done.body).toBe(200);
    expect(await balanceOf(harness.app, customer.cookie, customer.account)).toBe(before - 60_000);

    const reused = await transfer(customer.cookie, toKarim(customer.account, 60_000), { 'idempotency-key': 'sms-bound-0002', 'second-factor-code': code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('second_factor_code_used');
    expect(await balanceOf(harness.app, customer.cookie, customer.account)).toBe(before - 60_000);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
  });

  it('asks without a code when a transfer would pass what may be sent without one, and a new code replaces the last', async () => {
    const customer = await customerWithPhone();
    // 25,000 BDT to a new receiver goes without a code; the day's sum then holds the new-receiver threshold.
    expect((await transfer(customer.cookie, toKarim(customer.account, 25_000), { 'idempotency-key': 'sms-caps-0001' })).statusCode).toBe(200);
    expect((await transfer(customer.cookie, toKarim(customer.account, 100), { 'idempotency-key': 'sms-caps-0004' })).json().error.code).toBe('second_factor_required');
    const first = await smsCodeFor(customer, toKarim(customer.account, 100));
    const second = await smsCodeFor(customer, toKarim(customer.account, 100));
    const stale = await transfer(customer.cookie, toKarim(customer.account, 100), { 'idempotency-key': 'sms-caps-0002', 'second-factor-code': first.code });
    if (first.code !== second.code) expect(stale.statusCode).toBe(400);
    const done = await transfer(customer.cookie, toKarim(customer.account, 100), { 'idempotency-key': 'sms-caps-0003', 'second-factor-code': second.code });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('refuses an expired code, and a code after three wrong tries', async () => {
    const customer = await customerWithPhone();
    const expired = await smsCodeFor(customer, toKarim(customer.account, 60_000));
    await harness.database.db.execute(sql`UPDATE sms_code SET expires_at = now() - interval '1 second' WHERE user_id = ${customer.userId}`);
    const late = await transfer(customer.cookie, toKarim(customer.account, 60_000), { 'idempotency-key': 'sms-expired-0001', 'second-factor-code': expired.code });
    expect(late.json().error.code).toBe('invalid_second_factor_code');

    const { code } = await smsCodeFor(customer, toKarim(customer.account, 60_000));
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await check(customer.cookie, toKarim(customer.account, 60_000), wrong)).statusCode).toBe(400);
    const dead = await transfer(customer.cookie, toKarim(customer.account, 60_000), { 'idempotency-key': 'sms-dead-0001', 'second-factor-code': code });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().error.code).toBe('invalid_second_factor_code');
  });

  it('throttles wrong codes as app codes are: past five the right code is refused with 429', async () => {
    const customer = await customerWithPhone();
    for (let round = 0; round < 2; round += 1) {
      const { code } = await smsCodeFor(customer, toKarim(customer.account, 60_000));
      const wrong = code === '000000' ? '000001' : '000000';
      for (let attempt = 0; attempt < (round === 0 ? 3 : 2); attempt += 1) expect((await check(customer.cookie, toKarim(customer.account, 60_000), wrong)).statusCode).toBe(400);
    }
    const { code } = await smsCodeFor(customer, toKarim(customer.account, 60_000));
    const throttled = await transfer(customer.cookie, toKarim(customer.account, 60_000), { 'idempotency-key': 'sms-throttle-0001', 'second-factor-code': code });
    expect(throttled.statusCode).toBe(429);
  });

  it('throttles the codes sent: a sixth SMS in a quarter hour is refused', async () => {
    const customer = await customerWithPhone();
    for (let sent = 0; sent < 4; sent += 1) expect((await check(customer.cookie, toKarim(customer.account, 60_000))).statusCode).toBe(200);
    expect((await check(customer.cookie, toKarim(customer.account, 60_000))).statusCode).toBe(429);
  });

  it('sends the Bangla message to a customer who reads Bangla', async () => {
    const customer = await customerWithPhone();
    expect((await call(harness.app, 'PUT', '/api/me/language', customer.cookie, { language: 'bn' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const { code, text } = await smsCodeFor(customer, toKarim(customer.account, 60_000));
    const bangla = code.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
    expect(text).toBe(`কোড ${bangla}: KA*** HO*****-কে ৬০,০০০ টাকা পাঠাতে; পদ্মা ব্যাংক কখনও এই কোড চায় না`);
  });

  it('asks a customer with an authenticator app for its code, not an SMS', async () => {
    const customer = await customerWithPhone();
    await enrolTwoFactor(harness.app, customer.cookie, customer.password).then(async (enrolment) => {
      const seen = (await smsTexts(harness.app, customer.phoneNumber)).length;
      expect((await check(enrolment.cookie, toKarim(customer.account, 60_000))).json()).toEqual({ stepUp: 'app' });
      expect(await smsTexts(harness.app, customer.phoneNumber)).toHaveLength(seen);
    });
  });
});
