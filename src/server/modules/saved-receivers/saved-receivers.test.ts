import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedReceiversPerCustomerMax } from '../../../shared/constants';
import type { SavedReceiverAnswer } from '../../../shared/schemas/saved-receivers';
import { ratePolicies } from '../../lib/rate-limiter';
import { controlClearing } from '../../test-support/clearing';
import { approveAccount, call, openFundedAccount, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { receiverMismatchMessage } from '../transfers/transfers.service';

// Ten times the usual allowances: these tests save far more often than a person would. The
// throttle's own test fills the allowance as it stands.
const rateLimitMultiplier = 10;

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;
let carol: Customer;
let bobAccount: string;
let carolAccount: string;

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier });
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
  carol = await registerCustomer(harness.app, { name: 'Carol Das' });
  await openFundedAccount(harness.app, alice, staff, 10_000, { user: 'Alice Rahman' });
  bobAccount = await openFundedAccount(harness.app, bob, staff, 0, { user: 'Bob Hossain', role: 'Current' });
  carolAccount = await openFundedAccount(harness.app, carol, staff, 0, { user: 'Carol Das' });
});
afterAll(async () => harness.close());

const save = (customer: Customer, body: Record<string, unknown>) => call(harness.app, 'POST', '/api/savedReceivers', customer.cookie, body);
const list = async (customer: Customer) => {
  const response = await call(harness.app, 'GET', '/api/savedReceivers', customer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SavedReceiverAnswer[];
};
const bobDetails = (extra: Record<string, unknown> = {}) => ({ confirmedName: 'B** HO*****', accNum: bobAccount, ...extra });

async function rowsOf(customer: Customer): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM saved_receiver WHERE owner_user_id = ${customer.userId}`);
  return Number(result.rows[0]?.count);
}

describe('saving a receiver', () => {
  it('saves the person the customer confirmed, with a nickname, and lists them with the type the bank holds', async () => {
    const saved = await save(alice, bobDetails({ nickname: ' Bhaiya ' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ acknowledged: true, merged: false });
    const [receiver] = await list(alice);
    expect(receiver).toMatchObject({ _id: saved.json().insertedId, accNum: bobAccount, transfer: 'Current', participant: null, nickname: 'Bhaiya' });
    // The masked name the customer saw, never the bank's record of the holder's name.
    expect(receiver?.user).toBe('B** HO*****');
    expect(JSON.stringify(await list(alice))).not.toContain('Hossain');
  });

  it('refuses details that do not match an account, saying nothing of the real holder, and saves nothing', async () => {
    const before = await rowsOf(carol);
    for (const wrong of [bobDetails({ confirmedName: 'Bobby Hossain' }), bobDetails({ confirmedName: 'C** HO*****' }), bobDetails({ accNum: '2081234567897' })]) {
      const refused = await save(carol, wrong);
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'receiver_mismatch', message: receiverMismatchMessage, fields: { accNum: receiverMismatchMessage } });
      expect(refused.body).not.toContain('Bob Hossain');
    }
    const pending = await requestAccount(harness.app, bob, { user: 'Bob Hossain' });
    expect((await save(carol, bobDetails({ accNum: pending }))).statusCode).toBe(400);
    expect(await rowsOf(carol)).toBe(before);
  });

  it('merges a second save of the same account into the one entry, keeping the nickname unless a new one is given', async () => {
    const first = await save(carol, bobDetails({ nickname: 'Bob' }));
    const again = await save(carol, bobDetails({ confirmedName: 'BOB HOSSAIN' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ acknowledged: true, insertedId: first.json().insertedId, merged: true });
    let receivers = await list(carol);
    expect(receivers).toHaveLength(1);
    // Whatever form the confirmation took, what is kept is the masked name.
    expect(receivers[0]).toMatchObject({ user: 'B** HO*****', nickname: 'Bob' });
    expect((await save(carol, bobDetails({ nickname: 'Landlord' }))).json().merged).toBe(true);
    receivers = await list(carol);
    expect(receivers[0]).toMatchObject({ user: 'B** HO*****', nickname: 'Landlord' });
    // A mismatched re-save leaves the entry as it was.
    expect((await save(carol, bobDetails({ confirmedName: 'Someone Else', nickname: 'Other' }))).statusCode).toBe(400);
    expect((await list(carol))[0]).toMatchObject({ user: 'B** HO*****', nickname: 'Landlord' });
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const customer = await registerCustomer(harness.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [bobDetails({ accNum: '123' }), 'accNum'],
      [bobDetails({ accNum: undefined }), 'accNum'],
      [bobDetails({ confirmedName: '' }), 'confirmedName'],
      [bobDetails({ confirmedName: 'x'.repeat(201) }), 'confirmedName'],
      [bobDetails({ nickname: 'n'.repeat(41) }), 'nickname'],
      [bobDetails({ nickname: 7 }), 'nickname'],
    ];
    for (const [body, field] of cases) {
      const response = await save(customer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field], response.body).toBeTruthy();
    }
    const rename = await call(harness.app, 'PUT', `/api/savedReceivers/${crypto.randomUUID()}`, customer.cookie, { nickname: 'n'.repeat(41) });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error.fields.nickname).toMatch(/at most 40/);
    const badId = await call(harness.app, 'DELETE', '/api/savedReceivers/not-an-id', customer.cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields.id).toBeTruthy();
    expect(await rowsOf(customer)).toBe(0);
  });

  it('needs a session for every call', async () => {
    const id = crypto.randomUUID();
    for (const [method, url, body] of [
      ['GET', '/api/savedReceivers', undefined],
      ['POST', '/api/savedReceivers', bobDetails()],
      ['PUT', `/api/savedReceivers/${id}`, { nickname: 'x' }],
      ['DELETE', `/api/savedReceivers/${id}`, undefined],
    ] as const) {
      expect((await call(harness.app, method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

// The embedded switch's directory of other banks' and wallets' holders (as the payments' tests use
// them): Rafiq Uddin holds 1011100012345 at Dutch-Bangla Bank, Karima Begum the bKash wallet 01711000001.
const atDutchBangla = (extra: Record<string, unknown> = {}) => ({ participant: 'DBBL', accNum: '1011100012345', confirmedName: 'RA*** UD***', ...extra });
const atBkash = (extra: Record<string, unknown> = {}) => ({ participant: 'BKASH', accNum: '01711000001', confirmedName: 'KA**** BE***', ...extra });

describe('saving a receiver at another bank or wallet', () => {
  it('looks the holder up through the switch, keeps the masked name and lists the bank or wallet by its names', async () => {
    const customer = await registerCustomer(harness.app);
    const bank = await save(customer, atDutchBangla({ nickname: 'Rafiq bhai' }));
    expect(bank.statusCode, bank.body).toBe(200);
    expect(bank.json()).toMatchObject({ acknowledged: true, merged: false });
    const wallet = await save(customer, atBkash());
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(await list(customer)).toEqual([
      expect.objectContaining({ accNum: '01711000001', user: 'KA**** BE***', transfer: null, participant: { code: 'BKASH', kind: 'wallet', nameEn: 'bKash', nameBn: 'বিকাশ' } }),
      expect.objectContaining({
        _id: bank.json().insertedId,
        accNum: '1011100012345',
        user: 'RA*** UD***',
        nickname: 'Rafiq bhai',
        transfer: null,
        participant: { code: 'DBBL', kind: 'bank', nameEn: 'Dutch-Bangla Bank PLC', nameBn: 'ডাচ্-বাংলা ব্যাংক পিএলসি' },
      }),
    ]);
    expect(JSON.stringify(await list(customer))).not.toMatch(/Rafiq Uddin|Karima/i);
  });

  it('keeps one entry per account at each participant: the same number at another bank is another receiver', async () => {
    const customer = await registerCustomer(harness.app);
    const first = (await save(customer, atDutchBangla())).json();
    const again = (await save(customer, atDutchBangla({ nickname: 'Rafiq' }))).json();
    expect(again).toMatchObject({ insertedId: first.insertedId, merged: true });
    // The same digits at this bank are another account: both kept, each at its own place.
    const sameDigitsHere = await harness.database.db.execute(sql`
      INSERT INTO saved_receiver (owner_user_id, account_number, account_type, holder_name) VALUES (${customer.userId}, '1011100012345', 'savings', 'X**') RETURNING id`);
    expect(sameDigitsHere.rows).toHaveLength(1);
    expect(await rowsOf(customer)).toBe(2);
    // And this bank's null participant is one place too: a second entry for that account is refused.
    await expect(
      harness.database.db.execute(sql`
        INSERT INTO saved_receiver (owner_user_id, account_number, account_type, holder_name) VALUES (${customer.userId}, '1011100012345', 'savings', 'Y**')`),
    ).rejects.toThrow();
  });

  it('refuses a wrong number for the participant, an unknown participant, a name not confirmed and an unknown account, naming the field and writing nothing', async () => {
    const customer = await registerCustomer(harness.app);
    const cases: Array<[Record<string, unknown>, number, string, RegExp]> = [
      [atBkash({ accNum: '1011100012345' }), 400, 'accNum', /11 digits starting 01/],
      [atBkash({ accNum: '0171100000' }), 400, 'accNum', /11 digits starting 01/],
      [atBkash({ accNum: '02711000001' }), 400, 'accNum', /11 digits starting 01/],
      [atDutchBangla({ accNum: '12345' }), 400, 'accNum', /6 to 20 digits/],
      [atDutchBangla({ participant: 'NOSUCHBANK' }), 400, 'participant', /Choose the bank or wallet/],
      [atDutchBangla({ participant: 7 }), 400, 'participant', /Choose the bank or wallet/],
      [atDutchBangla({ confirmedName: 'KA**** BE***' }), 400, 'accNum', /do not match/],
      [atDutchBangla({ accNum: '1011100000000' }), 404, 'accNum', /Check the number/],
    ];
    for (const [body, status, field, message] of cases) {
      const response = await save(customer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.fields[field], response.body).toMatch(message);
    }
    expect(await rowsOf(customer)).toBe(0);
  });

  it('answers 503 and saves nothing while the switch does not answer', async () => {
    const customer = await registerCustomer(harness.app);
    await controlClearing(harness.app, 'POST', 'down', { seconds: 30 });
    try {
      const down = await save(customer, atBkash());
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe('clearing_unavailable');
    } finally {
      await controlClearing(harness.app, 'DELETE', 'faults');
    }
    expect(await rowsOf(customer)).toBe(0);
  });

  it('answers 404 for another customer’s receiver at another bank, as for a missing one, and changes nothing', async () => {
    const owner = await registerCustomer(harness.app);
    const id = (await save(owner, atBkash({ nickname: 'Karima' }))).json().insertedId as string;
    expect((await call(harness.app, 'PUT', `/api/savedReceivers/${id}`, alice.cookie, { nickname: 'Mine' })).statusCode).toBe(404);
    expect((await call(harness.app, 'DELETE', `/api/savedReceivers/${id}`, alice.cookie)).statusCode).toBe(404);
    expect((await list(owner))[0]).toMatchObject({ _id: id, nickname: 'Karima' });
    expect((await list(alice)).map((receiver) => receiver._id)).not.toContain(id);
  });

  it('counts a save at another bank against the name enquiry’s allowance, as the quote’s enquiry is', async () => {
    const customer = await registerCustomer(harness.app);
    const allowance = ratePolicies.nameEnquiriesPerCustomer.allowance * rateLimitMultiplier;
    await harness.app.services.rateLimiter.consume(ratePolicies.nameEnquiriesPerCustomer, customer.userId, allowance);
    const throttled = await save(customer, atBkash());
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('too_many_lookups');
    expect(await rowsOf(customer)).toBe(0);
  });
});

describe('renaming and deleting', () => {
  it('renames and clears the nickname, and deletes, only the customer’s own receivers', async () => {
    const owner = await registerCustomer(harness.app);
    const id = (await save(owner, bobDetails())).json().insertedId as string;
    const rename = (customer: Customer, nickname: unknown) => call(harness.app, 'PUT', `/api/savedReceivers/${id}`, customer.cookie, { nickname });
    const remove = (customer: Customer) => call(harness.app, 'DELETE', `/api/savedReceivers/${id}`, customer.cookie);

    // Another customer's id answers exactly as a missing one does, and changes nothing.
    const foreign = await rename(alice, 'Mine now');
    const missing = await call(harness.app, 'PUT', `/api/savedReceivers/${crypto.randomUUID()}`, alice.cookie, { nickname: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await remove(alice)).statusCode).toBe(404);
    expect(await list(owner)).toHaveLength(1);

    expect((await rename(owner, ' Chacha ')).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await list(owner))[0]?.nickname).toBe('Chacha');
    expect((await rename(owner, '')).statusCode).toBe(200);
    expect((await list(owner))[0]?.nickname).toBeNull();
    expect((await rename(owner, null)).statusCode).toBe(200);

    expect((await remove(owner)).json()).toEqual({ deletedCount: 1 });
    expect(await list(owner)).toEqual([]);
    expect((await remove(owner)).statusCode).toBe(404);
  });
});

describe('limits', () => {
  it('keeps one entry when the same receiver is saved 50 times at once', async () => {
    const customer = await registerCustomer(harness.app);
    const responses = await Promise.all(Array.from({ length: 50 }, () => save(customer, bobDetails())));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(responses.map((response) => response.json().insertedId)).size).toBe(1);
    expect(responses.filter((response) => response.json().merged === false)).toHaveLength(1);
    expect(await rowsOf(customer)).toBe(1);
  });

  it(`keeps at most ${savedReceiversPerCustomerMax} receivers per customer, even when the last places are raced for`, async () => {
    const customer = await registerCustomer(harness.app);
    // All but one place taken, written directly: the limit counts rows, however they came.
    await harness.database.db.execute(sql`
      INSERT INTO saved_receiver (owner_user_id, account_number, account_type, holder_name)
      SELECT ${customer.userId}, lpad(n::text, 13, '9'), 'savings', 'Filler ' || n FROM generate_series(1, ${savedReceiversPerCustomerMax - 1}) AS n`);
    const extra = [];
    for (let index = 0; index < 3; index += 1) {
      const account = await requestAccount(harness.app, carol, { user: 'Carol Das' });
      await approveAccount(harness.app, staff, account);
      extra.push(account);
    }
    const candidates = [bobDetails(), { confirmedName: 'CA*** D**', accNum: carolAccount }, ...extra.map((accNum) => ({ confirmedName: 'CA*** D**', accNum }))];
    const responses = await Promise.all(candidates.map((body) => save(customer, body)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json().error.code).toBe('saved_receivers_full');
    expect(await rowsOf(customer)).toBe(savedReceiversPerCustomerMax);
    // Saving one already kept still works at the limit: it takes no new place.
    const kept = responses.findIndex((response) => response.statusCode === 200);
    expect((await save(customer, { ...candidates[kept], nickname: 'Still here' })).json().merged).toBe(true);
  });

  it('counts every save against the name enquiry’s allowance: one allowance for both', async () => {
    const customer = await registerCustomer(harness.app);
    const allowance = ratePolicies.nameEnquiriesPerCustomer.allowance * rateLimitMultiplier;
    await harness.app.services.rateLimiter.consume(ratePolicies.nameEnquiriesPerCustomer, customer.userId, allowance - 1);
    expect((await save(customer, bobDetails())).statusCode).toBe(200);
    const lookUp = await call(harness.app, 'POST', '/api/nameEnquiry', customer.cookie, { accNum: bobAccount });
    expect(lookUp.statusCode).toBe(429);
    expect(lookUp.headers['retry-after']).toBeTruthy();
    const throttled = await save(customer, { confirmedName: 'CA*** D**', accNum: carolAccount });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.code).toBe('too_many_lookups');
    expect(await rowsOf(customer)).toBe(1);
  });
});
