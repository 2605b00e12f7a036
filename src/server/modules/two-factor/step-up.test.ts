import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffRole } from '../../../shared/constants';
import { schema } from '../../db/client';
import { verifyLedger } from '../ledger/ledger';
import { approveAccount, balanceOf, call, openFundedAccount, requestAccount } from '../../test-support/banking';
import { buildTestInstance, cookieFrom, createTestApp, registerCustomer, signIn, signInStaff, staffAuthenticator, type TestApp } from '../../test-support/test-app';
import { enrolTwoFactor, freshTotpCode, wrongTotpCode, type Enrolment } from '../../test-support/two-factor';

let harness: TestApp;
let staff: string;
let sender: Awaited<ReturnType<typeof registerCustomer>> & Enrolment;
let senderAccount: string;
let receiverAccount: string;
let plain: Awaited<ReturnType<typeof registerCustomer>>;
let plainAccount: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  const customer = await registerCustomer(harness.app, { name: 'Nasrin Sultana' });
  senderAccount = await openFundedAccount(harness.app, customer, staff, 900_000);
  sender = { ...customer, ...(await enrolTwoFactor(harness.app, customer.cookie, customer.password)) };
  const receiver = await registerCustomer(harness.app, { name: 'Rafiq Islam' });
  receiverAccount = await openFundedAccount(harness.app, receiver, staff, 0, { user: 'Rafiq Islam', role: 'Current' });
  plain = await registerCustomer(harness.app, { name: 'Jamal Uddin' });
  plainAccount = await openFundedAccount(harness.app, plain, staff, 100_000, { user: 'Jamal Uddin' });
}, 180_000);
afterAll(async () => harness.close());

const toRafiq = (from: string, amount: number) => ({ id: from, confirmedName: 'Rafiq Islam', accNum: receiverAccount, sendAmount: amount });
const transfer = (cookie: string, body: unknown, headers: Record<string, string> = {}) => call(harness.app, 'PUT', '/api/userMoneyTrans', cookie, body, headers);

describe('step-up on transfers above 50,000 BDT', () => {
  it('asks for a code, then moves the money once with it; the same code is refused next time', async () => {
    const before = await balanceOf(harness.app, sender.cookie, senderAccount);
    const key = { 'idempotency-key': 'step-up-transfer-0001' };
    const asked = await transfer(sender.cookie, toRafiq(senderAccount, 60_000), key);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toMatchObject({ code: 'second_factor_required', message: 'Confirm with the 6-digit code from your authenticator app.' });
    expect(await balanceOf(harness.app, sender.cookie, senderAccount)).toBe(before);

    const wrong = await transfer(sender.cookie, toRafiq(senderAccount, 60_000), { ...key, 'second-factor-code': wrongTotpCode(sender.authenticator) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_second_factor_code');
    expect(wrong.json().error.fields.secondFactorCode).toBeTruthy();

    const code = await freshTotpCode(sender.authenticator);
    const done = await transfer(sender.cookie, toRafiq(senderAccount, 60_000), { ...key, 'second-factor-code': code });
    expect(done.statusCode, done.body).toBe(200);
    expect(await balanceOf(harness.app, sender.cookie, senderAccount)).toBe(before - 60_000);
    // The answer was lost and the app sends again with the same key: the stored answer, no second move, no code needed.
    const resent = await transfer(sender.cookie, toRafiq(senderAccount, 60_000), key);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual(done.json());
    expect(await balanceOf(harness.app, sender.cookie, senderAccount)).toBe(before - 60_000);

    const replayed = await transfer(sender.cookie, toRafiq(senderAccount, 60_000), { 'idempotency-key': 'step-up-transfer-0002', 'second-factor-code': code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('second_factor_code_used');
    expect(await balanceOf(harness.app, sender.cookie, senderAccount)).toBe(before - 60_000);
    expect(await verifyLedger(harness.database.db)).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('needs no code at or below 50,000 BDT to a receiver already sent more than 25,000 BDT, nor at or below 25,000 BDT to a new one', async () => {
    expect((await transfer(sender.cookie, toRafiq(senderAccount, 50_000))).statusCode).toBe(200);
    expect((await transfer(plain.cookie, { ...toRafiq(plainAccount, 25_000) })).statusCode).toBe(200);
  });

  it('refuses a customer without an authenticator app above 50,000 BDT, telling them to turn it on', async () => {
    const refused = await transfer(plain.cookie, toRafiq(plainAccount, 50_000.01));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'second_factor_enrolment_required', message: 'Turn on two-step verification in your profile to do this.' });
  });

  it('moves the money once when fifty requests carry the same code at once', async () => {
    const before = await balanceOf(harness.app, sender.cookie, senderAccount);
    const code = await freshTotpCode(sender.authenticator);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        transfer(sender.cookie, toRafiq(senderAccount, 50_001), { 'idempotency-key': `step-up-parallel-${String(index).padStart(4, '0')}`, 'second-factor-code': code }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 400 || status === 429)).toBe(true);
    expect(await balanceOf(harness.app, sender.cookie, senderAccount)).toBe(before - 50_001);
  });
});

describe('a transfer that would be refused anyway', () => {
  it('is refused at once, without asking for a code: not enough money, a receiver that does not match', async () => {
    const before = await balanceOf(harness.app, sender.cookie, senderAccount);
    const tooMuch = await transfer(sender.cookie, toRafiq(senderAccount, before + 1));
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toMatchObject({ code: 'insufficient_funds', fields: { sendAmount: expect.any(String) } });
    const stranger = await transfer(sender.cookie, { ...toRafiq(senderAccount, 60_000), confirmedName: 'Someone Else' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.code).toBe('receiver_mismatch');
    // Without an app: the customer is told what stops the transfer, not to turn on two-step verification.
    const plainBefore = await balanceOf(harness.app, plain.cookie, plainAccount);
    const plainTooMuch = await transfer(plain.cookie, toRafiq(plainAccount, plainBefore + 1));
    expect(plainTooMuch.json().error.code).toBe('insufficient_funds');
    // One that would go still asks for the code, and nothing moved meanwhile.
    expect((await transfer(sender.cookie, toRafiq(senderAccount, 60_000))).json().error.code).toBe('second_factor_required');
    expect(await balanceOf(harness.app, sender.cookie, senderAccount)).toBe(before);
    expect(await balanceOf(harness.app, plain.cookie, plainAccount)).toBe(plainBefore);
  });
});

describe('step-up on staff approvals above 5,00,000 BDT', () => {
  it('asks staff for a code to credit a deposit over 5,00,000 BDT, and credits it once with one', async () => {
    const owner = await registerCustomer(harness.app, { name: 'Big Depositor' });
    const account = await requestAccount(harness.app, owner);
    await approveAccount(harness.app, staff, account);
    const request = await call(harness.app, 'PUT', '/api/depositReq', owner.cookie, { accNum: account, depositAmount: 600_000 });
    const depositId = (request.json() as { insertedId: string }).insertedId;
    const approve = (headers: Record<string, string> = {}) => call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId }, headers);
    const asked = await approve();
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.code).toBe('second_factor_required');
    expect(await balanceOf(harness.app, owner.cookie, account)).toBe(0);
    const done = await approve({ 'second-factor-code': await freshTotpCode(staffAuthenticator()) });
    expect(done.statusCode, done.body).toBe(200);
    expect(await balanceOf(harness.app, owner.cookie, account)).toBe(600_000);
    // Up to 5,00,000 BDT an hour needs no code: 1,00,000 was approved without one (a funding above), so 4,00,000 more.
    const deposit = async (amount: number) => (await call(harness.app, 'PUT', '/api/depositReq', owner.cookie, { accNum: account, depositAmount: amount })).json().insertedId as string;
    expect((await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: await deposit(400_000) })).statusCode).toBe(200);
    const pastTheHour = await call(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: await deposit(1) });
    expect(pastTheHour.statusCode).toBe(403);
    expect(pastTheHour.json().error.code).toBe('second_factor_required');
  });

  it('holds over the hour for fifty approvals at once: together they pay out at most 5,00,000 BDT without a code', async () => {
    const officer = await registerCustomer(harness.app, { name: 'Selina Parvin' });
    await harness.database.db.update(schema.user).set({ role: staffRole }).where(eq(schema.user.id, officer.userId));
    const officerCookie = await signInStaff(harness.app, { email: officer.email, password: officer.password });
    const owner = await registerCustomer(harness.app, { name: 'Split Depositor' });
    // Five deposit requests may wait per account: fifty on ten accounts.
    const accounts: string[] = [];
    const depositIds: string[] = [];
    for (let index = 0; index < 50; index += 1) {
      if (index % 5 === 0) {
        accounts.push(await requestAccount(harness.app, owner));
        await approveAccount(harness.app, staff, accounts.at(-1) ?? '');
      }
      const request = await call(harness.app, 'PUT', '/api/depositReq', owner.cookie, { accNum: accounts.at(-1), depositAmount: 200_000 });
      expect(request.statusCode, request.body).toBe(200);
      depositIds.push(request.json().insertedId as string);
    }
    const ownerTotal = async () => (await Promise.all(accounts.map((account) => balanceOf(harness.app, owner.cookie, account)))).reduce((sum, balance) => sum + balance, 0);
    const answers = await Promise.all(depositIds.map((id) => call(harness.app, 'PUT', '/api/userDepositUpdate', officerCookie, { id })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => answer.body).filter((body) => !body.includes('second_factor_required'))).toEqual([]);
    expect(refused.every((answer) => answer.statusCode === 403 && answer.json().error.code === 'second_factor_required')).toBe(true);
    expect(await ownerTotal()).toBe(400_000);
    // The same approval, confirmed with a code, goes through.
    const waiting = depositIds[answers.findIndex((answer) => answer.statusCode !== 200)];
    const confirmed = await call(harness.app, 'PUT', '/api/userDepositUpdate', officerCookie, { id: waiting }, { 'second-factor-code': await freshTotpCode(staffAuthenticator(officer.email)) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await ownerTotal()).toBe(600_000);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0 });
  });
});

describe('transfers split to stay under the thresholds', () => {
  let karim: Awaited<ReturnType<typeof registerCustomer>> & Enrolment;
  let karimAccount: string;
  beforeAll(async () => {
    const customer = await registerCustomer(harness.app, { name: 'Karim Hossain' });
    karimAccount = await openFundedAccount(harness.app, customer, staff, 300_000, { user: 'Karim Hossain' });
    karim = { ...customer, ...(await enrolTwoFactor(harness.app, customer.cookie, customer.password)) };
  });
  const keyed = (prefix: string, index: number) => ({ 'idempotency-key': `${prefix}-${String(index).padStart(4, '0')}` });

  it('asks for a code once fifty transfers at once to a new receiver would pass 25,000 BDT, and once the hour’s would pass 50,000 BDT', async () => {
    const newReceiver = await Promise.all(Array.from({ length: 50 }, (_, index) => transfer(karim.cookie, toRafiq(karimAccount, 25_000), keyed('split-new', index))));
    expect(newReceiver.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(newReceiver.filter((answer) => answer.statusCode === 403 && answer.json().error.code === 'second_factor_required')).toHaveLength(49);
    expect(await balanceOf(harness.app, karim.cookie, karimAccount)).toBe(275_000);
    // With a code Rafiq is paid more than 25,000 BDT and becomes a trusted receiver; it does not count against the hour.
    const trusted = await transfer(karim.cookie, toRafiq(karimAccount, 30_000), { 'second-factor-code': await freshTotpCode(karim.authenticator) });
    expect(trusted.statusCode, trusted.body).toBe(200);
    // To a trusted receiver the hour allows 50,000 BDT without a code; 25,000 went without one already.
    const sameHour = await Promise.all(Array.from({ length: 50 }, (_, index) => transfer(karim.cookie, toRafiq(karimAccount, 10_000), keyed('split-hour', index))));
    expect(sameHour.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(sameHour.filter((answer) => answer.statusCode === 403 && answer.json().error.code === 'second_factor_required')).toHaveLength(48);
    expect(await balanceOf(harness.app, karim.cookie, karimAccount)).toBe(300_000 - 25_000 - 30_000 - 20_000);
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0 });
  });

  it('holds 1,00,000 BDT a day without a code across the hours', async () => {
    // The next hour: the hour's sum starts again, the day's (45,000 BDT without a code) does not.
    await harness.database.db.execute(sql`UPDATE unconfirmed_amount SET window_key = 'an earlier hour' WHERE user_id = ${karim.userId} AND kind = 'transfer-hour'`);
    expect((await transfer(karim.cookie, toRafiq(karimAccount, 50_000))).statusCode).toBe(200);
    await harness.database.db.execute(sql`UPDATE unconfirmed_amount SET window_key = 'an earlier hour' WHERE user_id = ${karim.userId} AND kind = 'transfer-hour'`);
    expect((await transfer(karim.cookie, toRafiq(karimAccount, 5_000))).statusCode).toBe(200);
    const pastTheDay = await transfer(karim.cookie, toRafiq(karimAccount, 10));
    expect(pastTheDay.statusCode).toBe(403);
    expect(pastTheDay.json().error.code).toBe('second_factor_required');
  });

  it('tells a customer without an app to turn it on once the day’s transfers to a new receiver would pass 25,000 BDT', async () => {
    // Jamal sent Rafiq 25,000 BDT without a code above: ten taka more to him now needs one.
    const refused = await transfer(plain.cookie, toRafiq(plainAccount, 10));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_enrolment_required');
  });
});

describe('staff without an authenticator app', () => {
  it('are refused at every dashboard endpoint until they set one up', async () => {
    const person = await registerCustomer(harness.app, { name: 'New Officer' });
    await harness.database.db.update(schema.user).set({ role: staffRole }).where(eq(schema.user.id, person.userId));
    for (const url of ['/api/allUsers', '/api/userAccounts', '/api/dashDepoShow']) {
      const refused = await call(harness.app, 'GET', url, person.cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe('two_factor_setup_required');
    }
    const enrolled = await enrolTwoFactor(harness.app, person.cookie, person.password);
    expect((await call(harness.app, 'GET', '/api/allUsers', enrolled.cookie)).statusCode).toBe(200);
    // Staff may not turn it off.
    const off = await call(harness.app, 'POST', '/api/auth/two-factor/disable', enrolled.cookie, { password: person.password, code: await freshTotpCode(enrolled.authenticator) });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('staff_two_factor_required');
  });
});

describe('an instance whose server secret is not the one that sealed the authenticator', () => {
  const otherSecret = 'another-secret-than-the-one-that-sealed-it-0123456789';
  const unreadable = { code: 'second_factor_unreadable', message: 'Your two-step verification cannot be checked at the moment. Please contact the bank.' };

  /** The sender's session cookie as an instance with `secret` signs it (as it did before its secret changed). */
  function cookieSignedWith(secret: string): string {
    const signed = decodeURIComponent(sender.cookie.match(/better-auth\.session_token=([^;]+)/)?.[1] ?? '');
    const token = signed.slice(0, signed.lastIndexOf('.'));
    return `better-auth.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;
  }

  it('refuses sign-in by code or recovery code and step-up with a 409 asking to contact the bank, logs why, and moves nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-other-secret-'));
    const other = await buildTestInstance(harness.database, dataDir, { authSecret: otherSecret });
    const logged = vi.spyOn(other.log, 'error');
    try {
      const passwordStep = await signIn(other, sender.email, sender.password);
      expect(passwordStep.json()).toMatchObject({ twoFactorRedirect: true });
      const challenge = cookieFrom(passwordStep.headers['set-cookie']);
      // Any code will do: the refusal comes before a code is checked, so none is spent.
      const byCode = await call(other, 'POST', '/api/auth/two-factor/verify-totp', challenge, { code: wrongTotpCode(sender.authenticator) });
      expect(byCode.statusCode, byCode.body).toBe(409);
      expect(byCode.json().error).toEqual(unreadable);
      const byRecoveryCode = await call(other, 'POST', '/api/auth/two-factor/verify-backup-code', challenge, { code: sender.recoveryCodes[0] });
      expect(byRecoveryCode.statusCode, byRecoveryCode.body).toBe(409);
      expect(byRecoveryCode.json().error).toEqual(unreadable);

      const before = await balanceOf(harness.app, sender.cookie, senderAccount);
      const stepUp = await call(other, 'PUT', '/api/userMoneyTrans', cookieSignedWith(otherSecret), toRafiq(senderAccount, 60_000), { 'second-factor-code': wrongTotpCode(sender.authenticator) });
      expect(stepUp.statusCode, stepUp.body).toBe(409);
      expect(stepUp.json().error).toEqual(unreadable);
      expect(await balanceOf(harness.app, sender.cookie, senderAccount)).toBe(before);

      const reasons = logged.mock.calls.map(([detail, message]) => ({ detail, message: String(message) }));
      expect(reasons).toHaveLength(3);
      expect(reasons.every(({ message }) => message.includes('sealed with another server secret'))).toBe(true);
      expect(reasons.map(({ detail }) => (detail as { sealedValue: string }).sealedValue)).toEqual(['authenticator secret', 'recovery codes', 'authenticator secret']);
    } finally {
      await other.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
