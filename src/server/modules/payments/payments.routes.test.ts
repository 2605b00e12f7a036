import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../../clearing-house/clock';
import { parseMessageOf } from '../../../clearing-house/protocol/messages';
import { dhakaDay } from '../../../shared/dates';
import type { StatementRangeAnswer } from '../../../shared/schemas/statements';
import { schema } from '../../db/client';
import { bangladeshRailRules } from '../../../shared/payment-rails/rail-rules';
import type { PaymentAnswer, PaymentDetailAnswer, PaymentQuoteAnswer } from '../../../shared/schemas/payment-answers';
import { verifyLedger } from '../ledger/ledger';
import { balanceOf, call, callWithStepUp, depositApproved, openFundedAccount, signedInCustomer, type Customer } from '../../test-support/banking';
import { controlClearing, deliverAll, drainClearing, embeddedClearingOf } from '../../test-support/clearing';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { codeIn, newestSms, smsTexts, verifyPhone } from '../../test-support/sms';
import { enrolTwoFactor, freshTotpCode } from '../../test-support/two-factor';
import { railsCalendar } from '../../../shared/payment-rails/rails-calendar';
import { sendPayment } from './payments.service';

/** A Wednesday, 12:30 in Dhaka: every rail open. The tests move the bank's clock; the switch's stays. */
const wednesdayNoon = new Date('2026-11-25T12:30:00+06:00');
let now = wednesdayNoon;

let harness: TestApp;
let staff: string;
let nasima: Customer & { password: string };
let account: string;

const toRahim = { receiverParticipant: 'DBBL', receiverAccount: '1011100012345' };
const quote = (amount: number, change: Record<string, unknown> = {}, who = nasima, from = account) =>
  call(harness.app, 'POST', '/api/payments/quote', who.cookie, { accountId: from, ...toRahim, amount, ...change });
const pay = (body: Record<string, unknown>, key: string | undefined, headers: Record<string, string> = {}, who: Customer = nasima) =>
  call(harness.app, 'POST', '/api/payments', who.cookie, { accountId: account, ...toRahim, confirmedName: 'RA*** UD***', ...body }, { ...(key ? { 'idempotency-key': key } : {}), ...headers });

const optionOf = (answer: PaymentQuoteAnswer, rail: string) => answer.options.find((option) => option.rail === rail);

async function counts() {
  const result = await harness.database.db.execute<{ payments: number; outbox: number; entries: number }>(
    sql`SELECT (SELECT count(*)::int FROM payment) AS payments, (SELECT count(*)::int FROM clearing_outbox) AS outbox, (SELECT count(*)::int FROM journal_entry) AS entries`,
  );
  return result.rows[0];
}

const ledgerBalanced = { unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n };

beforeAll(async () => {
  // The switch's clock stays at Wednesday noon; the bank's moves with `now`.
  harness = await createTestApp({ rateLimitMultiplier: 1_000, clearing: { clock: new Clock({ at: wednesdayNoon, frozen: true }) }, paymentsClock: () => Promise.resolve(now) });
  staff = await signInStaff(harness.app);
  nasima = await registerCustomer(harness.app, { name: 'Nasima Begum' });
  account = await openFundedAccount(harness.app, nasima, staff, 1_000_000, { user: 'Nasima Begum' });
  await depositApproved(harness.app, nasima, staff, account, 1_000_000);
});

// What a payment's kick started is finished before the next test counts rows.
afterEach(async () => drainClearing(harness.app));
afterAll(async () => harness.close());

describe('quoting a payment to another bank or wallet', () => {
  it('names the receiver masked, lists every rail with its terms, proposes NPSB and moves nothing', async () => {
    now = wednesdayNoon;
    const before = await counts();
    const response = await quote(2_500);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as PaymentQuoteAnswer;
    expect(answer).toMatchObject({ receiver: { participant: 'DBBL', account: '1011100012345', maskedName: 'RA*** UD***' }, amount: 2_500, proposed: 'NPSB', why: 'npsb_open' });
    expect(answer.options).toEqual([
      { rail: 'NPSB', open: true, arrival: 'instant', fee: 0, vat: 0, total: 2_500, arrivesBy: wednesdayNoon.toISOString() },
      { rail: 'RTGS', open: false, refusal: 'rtgs_minimum', refusalWords: 'RTGS takes payments of 1,00,000 BDT or more' },
      { rail: 'BEFTN', open: true, arrival: 'session_close', fee: 0, vat: 0, total: 2_500, arrivesBy: new Date('2026-11-25T15:00:00+06:00').toISOString() },
    ]);
    expect(answer.npsbLimits).toEqual({ perTransfer: 300_000, perDay: 1_000_000, sentToday: 0, leftToday: 1_000_000 });
    expect(await counts()).toEqual(before);
  });

  it('proposes RTGS above NPSB’s 3,00,000 BDT, in its hours on a working day, with its 100 BDT fee and VAT', async () => {
    now = wednesdayNoon;
    const answer = (await quote(400_000)).json() as PaymentQuoteAnswer;
    expect(answer).toMatchObject({ proposed: 'RTGS', why: 'npsb_refused_rtgs_open' });
    expect(optionOf(answer, 'NPSB')).toMatchObject({ open: false, refusal: 'npsb_per_transfer_limit' });
    expect(optionOf(answer, 'RTGS')).toEqual({ rail: 'RTGS', open: true, arrival: 'same_day', fee: 100, vat: 15, total: 400_115, arrivesBy: new Date('2026-11-25T17:00:00+06:00').toISOString() });
  });

  it('closes RTGS outside 10:00–17:00, on the Friday–Saturday weekend and on a holiday in the staff’s calendar', async () => {
    const rtgsAt = async (at: string) => {
      now = new Date(at);
      const answer = (await quote(400_000)).json() as PaymentQuoteAnswer;
      return { rtgs: optionOf(answer, 'RTGS'), proposed: answer.proposed };
    };
    expect(await rtgsAt('2026-11-25T09:59:00+06:00')).toMatchObject({ rtgs: { open: false, refusal: 'rtgs_outside_hours' }, proposed: 'BEFTN' });
    expect(await rtgsAt('2026-11-25T17:00:00+06:00')).toMatchObject({ rtgs: { open: false, refusal: 'rtgs_outside_hours' }, proposed: 'BEFTN' });
    expect(await rtgsAt('2026-11-25T10:00:00+06:00')).toMatchObject({ rtgs: { open: true }, proposed: 'RTGS' });
    expect(await rtgsAt('2026-11-27T12:00:00+06:00')).toMatchObject({ rtgs: { open: false, refusal: 'rtgs_non_working_day' } });
    expect(await rtgsAt('2026-11-28T12:00:00+06:00')).toMatchObject({ rtgs: { open: false, refusal: 'rtgs_non_working_day' } });
    expect(await rtgsAt('2026-12-03T12:00:00+06:00')).toMatchObject({ rtgs: { open: true } });
    const added = await callWithStepUp(harness.app, 'POST', '/api/holidays', staff, { date: '2026-12-03', nameEn: 'Bank closing day', nameBn: 'ব্যাংক বন্ধের দিন', predicted: false });
    expect(added.statusCode).toBe(200);
    expect(await rtgsAt('2026-12-03T12:00:00+06:00')).toMatchObject({ rtgs: { open: false, refusal: 'rtgs_non_working_day' } });
    now = wednesdayNoon;
  });

  it('reaches a wallet over NPSB only, at its mobile number, charging 1 BDT per 1,000 BDT and VAT, under Bangladesh Bank’s cap', async () => {
    now = wednesdayNoon;
    const toKarima = { receiverParticipant: 'BKASH', receiverAccount: '01711000001' };
    for (const amount of [10, 999.99, 10_000, 25_000.55]) {
      const answer = (await quote(amount, toKarima)).json() as PaymentQuoteAnswer;
      expect(answer).toMatchObject({ receiver: { maskedName: 'KA**** BE***' }, proposed: 'NPSB' });
      const npsb = optionOf(answer, 'NPSB');
      if (!npsb?.open) throw new Error('NPSB should take a wallet payment');
      expect(npsb.total * 10_000 - amount * 10_000).toBeLessThanOrEqual(amount * 15 + 1e-6);
      expect(optionOf(answer, 'RTGS')).toMatchObject({ open: false, refusal: 'receiver_not_on_rail' });
      expect(optionOf(answer, 'BEFTN')).toMatchObject({ open: false, refusal: 'receiver_not_on_rail' });
    }
    expect(optionOf((await quote(10_000, toKarima)).json() as PaymentQuoteAnswer, 'NPSB')).toMatchObject({ fee: 10, vat: 1.5, total: 10_011.5 });
    const bankNumber = await quote(1_000, { receiverParticipant: 'BKASH', receiverAccount: '1011100012345' });
    expect(bankNumber.statusCode).toBe(400);
    expect(bankNumber.json().error.fields).toEqual({ receiverAccount: 'A wallet is paid at its mobile number: 11 digits starting 01' });
  });

  it('answers 404 receiver_not_found for an account the switch does not know, and 503 clearing_unavailable when it does not answer', async () => {
    const unknown = await quote(1_000, { receiverAccount: '1011100000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'receiver_not_found', fields: { receiverAccount: expect.stringContaining('Check the number') } });
    const stranger = await registerCustomer(harness.app, { name: 'Jahid Hossain' });
    const notTheirs = await quote(1_000, {}, { ...nasima, cookie: stranger.cookie });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.code).toBe('not_found');
    const closed = await quote(1_000, { receiverAccount: '1011100099999' });
    expect(closed.json().error.code).toBe('receiver_not_found');
    await controlClearing(harness.app, 'POST', 'down', { seconds: 30 });
    try {
      const down = await quote(1_000);
      expect(down.statusCode).toBe(503);
      expect(down.json().error).toEqual({ code: 'clearing_unavailable', message: 'We cannot reach other banks and wallets right now, so nothing was sent. Please try again in a few minutes.' });
    } finally {
      await controlClearing(harness.app, 'DELETE', 'faults');
    }
  });

  it('counts NPSB’s day limit from the payments sent today, and proposes RTGS once it would pass', async () => {
    now = new Date('2026-11-26T11:00:00+06:00');
    const user = signedInCustomer(nasima, 'Nasima Begum');
    const rules = { rules: bangladeshRailRules, calendar: railsCalendar(() => false), at: now };
    for (let index = 0; index < 3; index += 1) {
      await harness.database.db.transaction((tx) =>
        sendPayment(tx, user, { accountId: account, ...toRahim, amountPoisha: 30_000_000n, confirmedReceiverName: 'RA*** UD***', rail: 'NPSB' }, { holderName: 'Rahim Uddin' }, rules),
      );
    }
    const answer = (await quote(200_000)).json() as PaymentQuoteAnswer;
    expect(answer.npsbLimits).toEqual({ perTransfer: 300_000, perDay: 1_000_000, sentToday: 900_000, leftToday: 100_000 });
    expect(optionOf(answer, 'NPSB')).toMatchObject({ open: false, refusal: 'npsb_day_limit', refusalWords: expect.stringContaining('10,00,000 BDT') });
    expect(answer).toMatchObject({ proposed: 'RTGS', why: 'npsb_refused_rtgs_open' });
    expect(((await quote(100_000)).json() as PaymentQuoteAnswer).proposed).toBe('NPSB');
    now = wednesdayNoon;
  });
});

describe('making a payment', () => {
  it('sends it once per Idempotency-Key: a resend answers the same and writes nothing, another body under the key is refused', async () => {
    now = wednesdayNoon;
    const key = `payment-${Date.now()}`;
    const first = await pay({ amount: 1_500, purpose: 'November rent' }, key);
    expect(first.statusCode).toBe(200);
    const answer = first.json() as PaymentAnswer;
    expect(answer).toMatchObject({
      status: 'sending',
      reasonCode: null,
      reasonWords: null,
      accountId: account,
      rail: 'NPSB',
      amount: 1_500,
      fee: 0,
      vat: 0,
      total: 1_500,
      receiver: { participant: 'DBBL', account: '1011100012345', maskedName: 'RA*** UD***' },
      purpose: 'November rent',
      arrivesBy: wednesdayNoon.toISOString(),
      createdAt: wednesdayNoon.toISOString(),
    });
    expect(answer.reference).toMatch(/\S/);
    // Sent after the commit, and settled by the switch: the customer can follow it.
    await drainClearing(harness.app);
    const followed = (await call(harness.app, 'GET', `/api/payments/${answer.id}`, nasima.cookie)).json() as PaymentDetailAnswer;
    expect(followed.status).toBe('settled');
    expect(followed.history.map((event) => event.status)).toEqual(['sending', 'settled']);
    // The switch's reference comes with its answer, for the customer to quote to the receiving bank.
    expect(answer.clearingReference).toBeNull();
    expect(followed.clearingReference).toMatch(/\S/);
    const before = await counts();
    const again = await pay({ amount: 1_500, purpose: 'November rent' }, key);
    expect(again.json()).toEqual(answer);
    expect(await counts()).toEqual(before);
    const other = await pay({ amount: 1_600, purpose: 'November rent' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect(await counts()).toEqual(before);
  });

  it('requires an Idempotency-Key, and refuses bad input naming the field, writing nothing', async () => {
    const before = await counts();
    const keyless = await pay({ amount: 1_000 }, undefined);
    expect(keyless.statusCode).toBe(400);
    expect(Object.keys(keyless.json().error.fields)).toEqual(['Idempotency-Key']);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: -5 }, 'amount'],
      [{ amount: 5 }, 'amount'],
      [{ receiverParticipant: 'NOBANK' }, 'receiverParticipant'],
      [{ receiverAccount: '12ab' }, 'receiverAccount'],
      [{ rail: 'SWIFT' }, 'rail'],
      [{ accountId: '123' }, 'accountId'],
      [{ confirmedName: '' }, 'confirmedName'],
    ];
    for (const [change, field] of cases) {
      const response = await pay({ amount: 1_000, ...change }, `bad-${field}-${Date.now()}`);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.fields), field).toContain(field);
    }
    const mismatch = await pay({ amount: 1_000, confirmedName: 'SA*** AK***' }, `mismatch-${Date.now()}`);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error).toMatchObject({ code: 'receiver_mismatch', fields: { confirmedName: expect.any(String) } });
    const closedRail = await pay({ amount: 50_000, rail: 'RTGS' }, `rtgs-${Date.now()}`);
    expect(closedRail.json().error).toMatchObject({ code: 'rail_closed', fields: { rail: 'RTGS takes payments of 1,00,000 BDT or more' } });
    expect(await counts()).toEqual(before);
  });

  it('asks for a fresh code above 50,000 BDT, which the check says first, and pays with one', async () => {
    now = wednesdayNoon;
    const body = { amount: 60_000 };
    const withoutFactor = await pay(body, `big-${Date.now()}`);
    expect(withoutFactor.statusCode).toBe(403);
    expect(withoutFactor.json().error.code).toBe('second_factor_enrolment_required');
    const check = await call(harness.app, 'POST', '/api/payments/check', nasima.cookie, { accountId: account, ...toRahim, confirmedName: 'RA*** UD***', amount: 60_000 });
    expect(check.json()).toEqual({ stepUp: 'setup' });
    const small = await call(harness.app, 'POST', '/api/payments/check', nasima.cookie, { accountId: account, ...toRahim, confirmedName: 'RA*** UD***', amount: 100 });
    expect(small.json()).toEqual({ stepUp: 'none' });

    const enrolled = await enrolTwoFactor(harness.app, nasima.cookie, nasima.password);
    const who = { ...nasima, cookie: enrolled.cookie };
    const checkEnrolled = await call(harness.app, 'POST', '/api/payments/check', who.cookie, { accountId: account, ...toRahim, confirmedName: 'RA*** UD***', amount: 60_000 });
    expect(checkEnrolled.json()).toEqual({ stepUp: 'app' });
    const key = `big-coded-${Date.now()}`;
    const refused = await pay(body, key, {}, who);
    expect(refused.json().error.code).toBe('second_factor_required');
    const paid = await pay(body, key, { 'second-factor-code': await freshTotpCode(enrolled.authenticator) }, who);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ amount: 60_000, rail: 'NPSB', status: 'sending' });
    // Resent without the code (the first spent it): the same answer, nothing paid twice.
    const resent = await pay(body, key, {}, who);
    expect(resent.json()).toEqual(paid.json());
    nasima.cookie = enrolled.cookie;
  });

  it('sends an SMS code bound to this payment to a customer without an authenticator app: it confirms no other amount or receiver', async () => {
    now = wednesdayNoon;
    const rafiq = await registerCustomer(harness.app, { name: 'Rafiq Islam' });
    const funded = await openFundedAccount(harness.app, rafiq, staff, 200_000, { user: 'Rafiq Islam' });
    const phoneNumber = '+8801719876543';
    await verifyPhone(harness.app, rafiq, phoneNumber);
    const body = { accountId: funded, ...toRahim, confirmedName: 'RA*** UD***', amount: 70_000 };
    const seen = (await smsTexts(harness.app, phoneNumber)).length;
    const asked = await call(harness.app, 'POST', '/api/payments/check', rafiq.cookie, body);
    expect(asked.json()).toMatchObject({ stepUp: 'sms', expiresInSeconds: 300 });
    const text = await newestSms(harness.app, phoneNumber, seen);
    expect(text).toBe(`Code ${codeIn(text)} to send 70,000 BDT to RA*** UD***; Padma Bank never asks for it`);
    const code = { 'second-factor-code': codeIn(text) };
    const otherAmount = await call(harness.app, 'POST', '/api/payments', rafiq.cookie, { ...body, amount: 70_001 }, { 'idempotency-key': `sms-other-${Date.now()}`, ...code });
    expect(otherAmount.statusCode).toBe(400);
    expect(otherAmount.json().error.code).toBe('invalid_second_factor_code');
    const paid = await call(harness.app, 'POST', '/api/payments', rafiq.cookie, body, { 'idempotency-key': `sms-${Date.now()}`, ...code });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ amount: 70_000, status: 'sending' });
  });

  it('counts payments against what may be sent without a code, with transfers: past 50,000 BDT in the hour a code is asked for', async () => {
    now = wednesdayNoon;
    const rupa = await registerCustomer(harness.app, { name: 'Rupa Das' });
    const funded = await openFundedAccount(harness.app, rupa, staff, 100_000, { user: 'Rupa Das' });
    const send = (amount: number, key: string) =>
      call(harness.app, 'POST', '/api/payments', rupa.cookie, { accountId: funded, ...toRahim, confirmedName: 'RA*** UD***', amount }, { 'idempotency-key': `${key}-${Date.now()}` });
    expect((await send(25_000, 'cap-1')).statusCode).toBe(200);
    expect((await send(25_000, 'cap-2')).statusCode).toBe(200);
    const past = await send(10, 'cap-3');
    expect(past.statusCode).toBe(403);
    expect(past.json().error.code).toBe('second_factor_enrolment_required');
    const check = await call(harness.app, 'POST', '/api/payments/check', rupa.cookie, { accountId: funded, ...toRahim, confirmedName: 'RA*** UD***', amount: 10 });
    expect(check.json()).toEqual({ stepUp: 'setup' });
  });

  it('of 50 payments sent at once, makes exactly those the balance covers, and the ledger still balances', async () => {
    now = wednesdayNoon;
    const tanvir = await registerCustomer(harness.app, { name: 'Tanvir Ahmed' });
    const funded = await openFundedAccount(harness.app, tanvir, staff, 30_000, { user: 'Tanvir Ahmed' });
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(
          harness.app,
          'POST',
          '/api/payments',
          tanvir.cookie,
          { accountId: funded, ...toRahim, confirmedName: 'RA*** UD***', amount: 1_000 },
          { 'idempotency-key': `parallel-${index}-${Date.now()}` },
        ),
      ),
    );
    const made = attempts.filter((response) => response.statusCode === 200);
    const refused = attempts.filter((response) => response.statusCode !== 200);
    expect(made).toHaveLength(30);
    for (const response of refused) expect(response.json().error.code).toBe('insufficient_funds');
    const listed = await call(harness.app, 'GET', '/api/payments?limit=50', tanvir.cookie);
    expect(listed.headers['x-total-count']).toBe('30');
    expect(await verifyLedger(harness.database.db)).toEqual(ledgerBalanced);
  });
});

describe('reading payments', () => {
  it('lists the customer’s own, newest first and paged, and shows one with its history; another customer’s is not found', async () => {
    const page = await call(harness.app, 'GET', '/api/payments?limit=2', nasima.cookie);
    expect(page.statusCode).toBe(200);
    const listed = page.json() as PaymentAnswer[];
    expect(listed).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect(listed[0]!.createdAt >= listed[1]!.createdAt).toBe(true);

    const one = await call(harness.app, 'GET', `/api/payments/${listed[0]!.id}`, nasima.cookie);
    expect(one.statusCode).toBe(200);
    const detail = one.json() as PaymentDetailAnswer;
    expect(detail).toMatchObject({ id: listed[0]!.id, status: 'settled' });
    expect(detail.history).toEqual([
      { status: 'sending', reasonCode: null, reasonWords: null, at: expect.any(String) },
      { status: 'settled', reasonCode: null, reasonWords: null, at: expect.any(String) },
    ]);

    const jahid = await registerCustomer(harness.app, { name: 'Jahid Hossain' });
    const others = await call(harness.app, 'GET', `/api/payments/${listed[0]!.id}`, jahid.cookie);
    const missing = await call(harness.app, 'GET', '/api/payments/00000000-0000-4000-8000-000000000000', jahid.cookie);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual(missing.json());
    const malformed = await call(harness.app, 'GET', '/api/payments/not-a-payment', nasima.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ id: 'Payment id is not valid' });
    expect((await call(harness.app, 'GET', '/api/payments?limit=0', nasima.cookie)).json().error.fields).toHaveProperty('limit');
  });

  it('are in the API’s documentation, every route of them', async () => {
    const document = (await call(harness.app, 'GET', '/api/openapi.json', undefined)).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths['/api/payments'] ?? {}).sort()).toEqual(['get', 'post']);
    for (const path of ['/api/payments/quote', '/api/payments/check']) expect(Object.keys(document.paths[path] ?? {}), path).toEqual(['post']);
    expect(Object.keys(document.paths['/api/payments/{id}'] ?? {})).toEqual(['get']);
  });
});

describe('paying a bank that answers no name enquiry (BEFTN and RTGS only)', () => {
  const toAbul = { receiverParticipant: 'BKB', receiverAccount: '0300100012345' };
  const kamalPhone = '+8801719000375';
  let kamal: Customer & { password: string };
  let kamalAccount: string;
  const quoteBkb = (body: Record<string, unknown> = {}) => call(harness.app, 'POST', '/api/payments/quote', kamal.cookie, { accountId: kamalAccount, ...toAbul, amount: 2_000, ...body });
  const payBkb = (body: Record<string, unknown>, key: string, headers: Record<string, string> = {}) =>
    call(harness.app, 'POST', '/api/payments', kamal.cookie, { accountId: kamalAccount, ...toAbul, amount: 2_000, ...body }, { 'idempotency-key': `${key}-${Date.now()}`, ...headers });
  const balanceOfKamal = () => balanceOf(harness.app, kamal.cookie, kamalAccount);
  const detailOf = async (id: string) => (await call(harness.app, 'GET', `/api/payments/${id}`, kamal.cookie)).json() as PaymentDetailAnswer;
  /** How many name enquiries the bank has sent the switch: none may be for BKB. */
  const enquiriesSent = async () => (await (await embeddedClearingOf(harness.app)).clearing.messagesOf('PADMA')).filter((message) => message.type === 'acmt.023').length;
  const switchAt = (at: string) => controlClearing(harness.app, 'POST', 'clock', { at, frozen: true });

  beforeAll(async () => {
    kamal = await registerCustomer(harness.app, { name: 'Kamal Hossain' });
    kamalAccount = await openFundedAccount(harness.app, kamal, staff, 200_000, { user: 'Kamal Hossain' });
    await verifyPhone(harness.app, kamal, kamalPhone);
  });
  afterEach(async () => {
    await switchAt(wednesdayNoon.toISOString());
  });

  it('refuses a quote or a payment without the receiver’s name, naming the field, writing nothing and asking the switch nothing', async () => {
    now = wednesdayNoon;
    const before = { rows: await counts(), enquiries: await enquiriesSent() };
    const fieldsOf = async (response: Promise<{ statusCode: number; json: () => { error: { fields: Record<string, string> } } }>) => {
      const answered = await response;
      expect(answered.statusCode).toBe(400);
      return answered.json().error.fields;
    };
    expect(await fieldsOf(quoteBkb())).toEqual({ receiverName: 'Receiver’s name is required: Bangladesh Krishi Bank takes no name look-up, so type the name its account is in' });
    expect(Object.keys(await fieldsOf(quoteBkb({ receiverName: '   ' })))).toEqual(['receiverName']);
    expect((await fieldsOf(quoteBkb({ receiverName: 'Abul\u202EKashem' }))).receiverName).toMatch(/^Receiver’s name must not contain .*U\+202E/);
    expect((await fieldsOf(quoteBkb({ receiverName: 'A'.repeat(101) }))).receiverName).toMatch(/at most 100 characters/);
    expect(Object.keys(await fieldsOf(payBkb({}, 'no-name')))).toEqual(['receiverName']);
    // A masked name "confirmed" for a bank that looked nothing up is no confirmation.
    expect(Object.keys(await fieldsOf(payBkb({ confirmedName: 'A*** KA*****' }, 'confirmed-bkb'))).sort()).toEqual(['confirmedName', 'receiverName']);
    // And at a bank that answers the enquiry, a typed name does not stand in for the look-up.
    expect(Object.keys(await fieldsOf(quote(1_000, { receiverName: 'Rahim Uddin' })))).toEqual(['receiverName']);
    // The rail must be one the receiver takes, whatever the client sends.
    const npsb = await payBkb({ receiverName: 'Abul Kashem', rail: 'NPSB' }, 'npsb-bkb');
    expect(npsb.statusCode).toBe(409);
    expect(npsb.json().error).toMatchObject({ code: 'rail_closed', fields: { rail: expect.any(String) } });
    expect(await counts()).toEqual(before.rows);
    expect(await enquiriesSent()).toBe(before.enquiries);
  });

  it('quotes BEFTN (and RTGS by amount and hours) under the typed name, saying it was not checked, and asks the switch nothing', async () => {
    now = wednesdayNoon;
    const enquiries = await enquiriesSent();
    const response = await quoteBkb({ receiverName: ' Abul  Kashem ' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as PaymentQuoteAnswer;
    expect(answer).toMatchObject({
      receiver: { participant: 'BKB', account: '0300100012345', maskedName: 'A*** KA****', typedName: 'Abul  Kashem' },
      receiverNameChecked: false,
      proposed: 'BEFTN',
    });
    expect(optionOf(answer, 'NPSB')).toMatchObject({ open: false, refusal: 'receiver_not_on_rail' });
    expect(optionOf(answer, 'BEFTN')).toMatchObject({ open: true, arrival: 'session_close' });
    expect(((await quoteBkb({ receiverName: 'Abul Kashem', amount: 400_000 })).json() as PaymentQuoteAnswer).proposed).toBe('RTGS');
    now = new Date('2026-11-25T17:30:00+06:00');
    expect(((await quoteBkb({ receiverName: 'Abul Kashem', amount: 400_000 })).json() as PaymentQuoteAnswer).proposed).toBe('BEFTN');
    now = wednesdayNoon;
    expect(await enquiriesSent()).toBe(enquiries);
    // An NPSB bank's quote is unchanged: looked up, masked, checked.
    expect((await quote(1_000)).json()).toMatchObject({ receiver: { maskedName: 'RA*** UD***', typedName: null }, receiverNameChecked: true });
  });

  it('pays under the typed name over BEFTN: the code is bound to it, the message carries it, and it settles when the session closes', async () => {
    now = wednesdayNoon;
    const body = { receiverName: 'Abul Kashem', amount: 70_000 };
    const seen = (await smsTexts(harness.app, kamalPhone)).length;
    const asked = await call(harness.app, 'POST', '/api/payments/check', kamal.cookie, { accountId: kamalAccount, ...toAbul, ...body });
    expect(asked.json()).toMatchObject({ stepUp: 'sms' });
    const text = await newestSms(harness.app, kamalPhone, seen);
    expect(text).toBe(`Code ${codeIn(text)} to send 70,000 BDT to A*** KA****; Padma Bank never asks for it`);
    const code = { 'second-factor-code': codeIn(text) };
    const otherName = await payBkb({ ...body, receiverName: 'Abul Kasem' }, 'bkb-other-name', code);
    expect(otherName.json().error.code).toBe('invalid_second_factor_code');
    const before = await balanceOfKamal();
    const paid = await payBkb(body, 'bkb-paid', code);
    expect(paid.statusCode, paid.body).toBe(200);
    const answer = paid.json() as PaymentAnswer;
    expect(answer).toMatchObject({ rail: 'BEFTN', status: 'sending', receiver: { participant: 'BKB', maskedName: 'A*** KA****', typedName: 'Abul Kashem' } });
    expect(await balanceOfKamal()).toBe(before - 70_000);
    const [sent] = await harness.database.db.select({ xml: schema.clearingOutbox.xml }).from(schema.clearingOutbox).where(eq(schema.clearingOutbox.paymentId, answer.id));
    expect(parseMessageOf(sent!.xml, 'pacs.008')).toMatchObject({ rail: 'BEFTN', creditorAgent: 'BKB', creditor: { name: 'Abul Kashem', account: '0300100012345' } });
    await drainClearing(harness.app);
    expect((await detailOf(answer.id)).status).toBe('accepted');
    await switchAt('2026-11-25T15:01:00+06:00');
    await deliverAll(harness.app);
    const settled = await detailOf(answer.id);
    expect(settled.status).toBe('settled');
    expect(settled.receiver.typedName).toBe('Abul Kashem');
    expect(await balanceOfKamal()).toBe(before - 70_000);
  });

  it('gets the money back, with the reason, when the receiving bank holds the account under another name; the statement shows both', async () => {
    now = wednesdayNoon;
    const before = await balanceOfKamal();
    const paid = await payBkb({ receiverName: 'Abul Kasem', amount: 2_000 }, 'bkb-mismatch');
    expect(paid.statusCode, paid.body).toBe(200);
    const { id } = paid.json() as PaymentAnswer;
    await drainClearing(harness.app);
    expect((await detailOf(id)).status).toBe('accepted');
    // The session settles it between the banks; BKB finds the name is not its holder's only then.
    await switchAt('2026-11-25T15:01:00+06:00');
    await deliverAll(harness.app);
    expect((await detailOf(id)).status).toBe('settled');
    expect(await balanceOfKamal()).toBe(before - 2_000);
    // It sends the money back in the next session.
    await switchAt('2026-11-26T00:01:00+06:00');
    await deliverAll(harness.app);
    const returned = await detailOf(id);
    expect(returned).toMatchObject({ status: 'returned', reasonCode: 'NARR', reasonWords: expect.stringMatching(/name/i), receiver: { typedName: 'Abul Kasem' } });
    expect(returned.history.map((event) => event.status)).toEqual(['sending', 'accepted', 'settled', 'returned']);
    expect(await balanceOfKamal()).toBe(before);
    const day = dhakaDay(new Date());
    const statement = (await call(harness.app, 'GET', `/api/accountStatement/${kamalAccount}/range?from=${day}&to=${day}&limit=50`, kamal.cookie)).json() as StatementRangeAnswer;
    const lines = statement.lines.filter((line) => line.description.includes('Abul Kasem'));
    expect(lines.map((line) => [line.kind, line.debit, line.credit])).toEqual([
      ['payment_out', 2_000, null],
      ['payment_back', null, 2_000],
    ]);
    expect(await verifyLedger(harness.database.db)).toEqual(ledgerBalanced);
  });
});
