import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratePolicies } from '../../lib/rate-limiter';
import { balanceOf, call, openFundedAccount, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { noSuchAccountMessage } from './name-enquiry.service';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;
let karim: Customer;
let aliceAccount: string;
let bobAccount: string;
let karimAccount: string;

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
  karim = await registerCustomer(harness.app, { name: 'করিম হোসেন' });
  aliceAccount = await openFundedAccount(harness.app, alice, staff, 10_000, { user: 'Alice Rahman' });
  bobAccount = await openFundedAccount(harness.app, bob, staff, 500, { user: 'Bob Hossain', role: 'Current' });
  karimAccount = await openFundedAccount(harness.app, karim, staff, 0, { user: 'করিম হোসেন' });
});
afterAll(async () => harness.close());

/** A look-up as a browser at `address` sends it. */
const lookUp = (customer: Customer | undefined, accNum: unknown, address = '127.0.0.1') =>
  harness.app.inject({
    method: 'POST',
    url: '/api/nameEnquiry',
    remoteAddress: address,
    headers: { origin: harness.app.services.publicUrl, ...(customer ? { cookie: customer.cookie } : {}) },
    payload: { accNum },
  });

describe('name enquiry at another bank or wallet', () => {
  const lookUpAt = (participant: unknown, accNum: unknown) =>
    harness.app.inject({
      method: 'POST',
      url: '/api/nameEnquiry',
      headers: { origin: harness.app.services.publicUrl, cookie: alice.cookie },
      payload: { accNum, participant },
    });

  it('asks the switch and answers the holder masked, with no account type (the switch does not tell it)', async () => {
    const bank = await lookUpAt('DBBL', '1011100012345');
    expect(bank.statusCode, bank.body).toBe(200);
    expect(bank.json()).toStrictEqual({ accNum: '1011100012345', participant: 'DBBL', maskedName: 'RA*** UD***' });
    expect((await lookUpAt('BKASH', '01711000001')).json()).toStrictEqual({ accNum: '01711000001', participant: 'BKASH', maskedName: 'KA**** BE***' });
  });

  it('refuses a wallet number not 01XXXXXXXXX, an unknown participant and an unknown account, naming the field', async () => {
    const wallet = await lookUpAt('BKASH', '1011100012345');
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json().error.fields).toEqual({ accNum: 'A wallet is paid at its mobile number: 11 digits starting 01' });
    expect((await lookUpAt('NOSUCHBANK', '1011100012345')).json().error.fields.participant).toMatch(/Choose the bank or wallet/);
    const unknown = await lookUpAt('DBBL', '1011100000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'receiver_not_found', fields: { accNum: expect.stringContaining('Check the number') } });
  });
});

describe('name enquiry', () => {
  it('answers another customer’s account with the holder’s name masked and its type, and nothing else', async () => {
    const answer = await lookUp(alice, bobAccount);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toStrictEqual({ accNum: bobAccount, maskedName: 'B** HO*****', accountType: 'current' });
    for (const secret of ['Bob', 'Hossain', bob.userId, bob.email]) expect(answer.body).not.toContain(secret);
    // Nor the balance, in any field: the account number is random and may hold its digits.
    expect(
      Object.values(answer.json() as Record<string, string>)
        .filter((value) => value !== bobAccount)
        .join(' '),
    ).not.toContain('500');
  });

  it('masks a Bangla name letter by letter, and a transfer to the name shown goes through (no spelling to guess)', async () => {
    const answer = await lookUp(alice, karimAccount);
    expect(answer.json()).toStrictEqual({ accNum: karimAccount, maskedName: 'ক** হো**', accountType: 'savings' });
    const sent = await call(harness.app, 'PUT', '/api/userMoneyTrans', alice.cookie, { id: aliceAccount, accNum: karimAccount, confirmedName: answer.json().maskedName, sendAmount: 100 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await balanceOf(harness.app, karim.cookie, karimAccount)).toBe(100);
  });

  it('refuses a transfer whose confirmed name is not the holder’s as masked now, moving nothing', async () => {
    const before = await balanceOf(harness.app, alice.cookie, aliceAccount);
    for (const confirmedName of ['ক** হো**', 'C** HO*****', 'Bobby Hossain']) {
      const refused = await call(harness.app, 'PUT', '/api/userMoneyTrans', alice.cookie, { id: aliceAccount, accNum: bobAccount, confirmedName, sendAmount: 10 });
      expect(refused.statusCode, confirmedName).toBe(400);
      expect(refused.json().error.code).toBe('receiver_mismatch');
    }
    const missing = await call(harness.app, 'PUT', '/api/userMoneyTrans', alice.cookie, { id: aliceAccount, accNum: bobAccount, sendAmount: 10 });
    expect(missing.json().error.fields.confirmedName).toBeTruthy();
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(before);
  });

  it('answers an unknown number, an account not yet opened and a declined one exactly alike', async () => {
    const pending = await requestAccount(harness.app, bob, { user: 'Bob Hossain' });
    const declined = await requestAccount(harness.app, bob, { user: 'Bob Hossain' });
    await harness.database.db.execute(sql`UPDATE bank_account SET status = 'declined' WHERE id = ${declined}`);
    const answers = await Promise.all(['2081234567897', pending, declined].map((accNum) => lookUp(alice, accNum)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: { code: 'no_such_account', message: noSuchAccountMessage, fields: { accNum: noSuchAccountMessage } } });
    }
  });

  it('answers the customer’s own account like any other', async () => {
    expect((await lookUp(alice, aliceAccount)).json()).toStrictEqual({ accNum: aliceAccount, maskedName: 'AL*** RA****', accountType: 'savings' });
  });

  it('refuses a malformed number with a 400 naming the field, and anyone not signed in', async () => {
    for (const accNum of ['123', '', undefined, 'abcdefghijklm', 1234567890123]) {
      const answer = await lookUp(alice, accNum);
      expect(answer.statusCode, String(accNum)).toBe(400);
      expect(answer.json().error.fields.accNum).toBeTruthy();
    }
    expect((await lookUp(undefined, bobAccount)).statusCode).toBe(401);
  });

  it('allows one customer thirty look-ups a quarter of an hour, then a 429 naming the look-ups, without touching another customer', async () => {
    const harvester = await registerCustomer(harness.app, { name: 'Mallory Khan' });
    const answers = await Promise.all(Array.from({ length: 31 }, () => lookUp(harvester, bobAccount, '10.1.0.1')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    const throttled = answers.find((answer) => answer.statusCode === 429);
    expect(throttled?.json().error).toMatchObject({ code: 'too_many_lookups', message: expect.stringMatching(/look-ups/) });
    expect(Number(throttled?.headers['retry-after'])).toBeGreaterThan(0);
    // An unknown number costs a look-up too: walking numbers is what the allowance is for.
    expect((await lookUp(harvester, '2081234567897', '10.1.0.1')).statusCode).toBe(429);
    expect((await lookUp(alice, bobAccount, '10.1.0.2')).statusCode).toBe(200);
  });

  it('allows one address a hundred look-ups a quarter of an hour, whichever customers make them', async () => {
    const address = '10.2.0.1';
    await harness.app.services.rateLimiter.consume(ratePolicies.nameEnquiriesPerAddress, address, ratePolicies.nameEnquiriesPerAddress.allowance - 1);
    const first = await registerCustomer(harness.app, { name: 'Nasrin Akter' });
    const second = await registerCustomer(harness.app, { name: 'Salma Begum' });
    expect((await lookUp(first, bobAccount, address)).statusCode).toBe(200);
    const throttled = await lookUp(second, bobAccount, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('too_many_lookups');
    expect((await lookUp(second, bobAccount, '10.2.0.2')).statusCode).toBe(200);
  });
});
