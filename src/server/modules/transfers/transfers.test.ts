import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/ledger';
import { balanceOf, call, openFundedAccount, requestAccount, type Customer } from '../../test-support/banking';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { insufficientFundsMessage, receiverMismatchMessage } from './transfers.service';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;
let aliceAccount: string;
let bobAccount: string;

const healthyLedger = { unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n };

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
  aliceAccount = await openFundedAccount(harness.app, alice, staff, 10_000, { user: 'Alice Rahman' });
  bobAccount = await openFundedAccount(harness.app, bob, staff, 10_000, { user: 'Bob Hossain', role: 'Current' });
});
afterAll(async () => harness.close());

const transfer = (cookie: string | undefined, body: Record<string, unknown>, headers: Record<string, string> = {}) => call(harness.app, 'PUT', '/api/userMoneyTrans', cookie, body, headers);
const toBob = (amount: unknown, extra: Record<string, unknown> = {}) => ({ id: aliceAccount, confirmedName: 'Bob Hossain', accNum: bobAccount, sendAmount: amount, ...extra });

async function entryCount(): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM journal_entry`);
  return Number(result.rows[0]?.count);
}

async function deferredNoticeCount(): Promise<number> {
  const result = await harness.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM deferred_notice`);
  return Number(result.rows[0]?.count);
}

describe('money transfer', () => {
  it('moves money between two customers in one entry, ignoring the client’s balance', async () => {
    const response = await transfer(alice.cookie, toBob(1250.5, { userAmount: 99999999 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ acknowledged: true, amount: 8749.5 });
    // The receipt's time is the bank's, not the phone's.
    expect(Math.abs(Date.parse(response.json().postedAt) - Date.now())).toBeLessThan(60_000);
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(8749.5);
    expect(await balanceOf(harness.app, bob.cookie, bobAccount)).toBe(11250.5);
    expect(await verifyLedger(harness.database.db)).toEqual(healthyLedger);
  });

  it('pays the person confirmed: the masked name the look-up shows, or a full name that masks to it; refuses anyone else', async () => {
    expect((await transfer(alice.cookie, toBob(10, { confirmedName: 'B** HO*****' }))).statusCode).toBe(200);
    expect((await transfer(alice.cookie, toBob(10, { confirmedName: '  bob   HOSSAIN ' }))).statusCode).toBe(200);
    const before = await entryCount();
    for (const wrong of [{ confirmedName: 'Bobby Hossain' }, { confirmedName: 'C** HO*****' }, { confirmedName: 'B**' }, { accNum: '2081234567897' }]) {
      const response = await transfer(alice.cookie, toBob(10, wrong));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(receiverMismatchMessage);
    }
    expect(await entryCount()).toBe(before);
  });

  it('refuses an amount equal to or above the balance with the spec’s message', async () => {
    const balance = await balanceOf(harness.app, alice.cookie, aliceAccount);
    for (const amount of [balance, balance + 0.01, 25_000]) {
      const response = await transfer(alice.cookie, toBob(amount));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(insufficientFundsMessage);
      expect(response.json().error.fields.sendAmount).toBe(insufficientFundsMessage);
    }
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(balance);
    expect((await transfer(alice.cookie, toBob(balance - 0.01))).statusCode).toBe(200);
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(0.01);
    await call(harness.app, 'PUT', '/api/userMoneyTrans', bob.cookie, { id: bobAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: 5000 });
  });

  it('refuses bad amounts and fields with a 400 naming the field, writing nothing', async () => {
    const before = await entryCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [toBob(0), 'sendAmount'],
      [toBob(-5), 'sendAmount'],
      [toBob('12.345'), 'sendAmount'],
      [toBob('ten'), 'sendAmount'],
      [toBob(undefined), 'sendAmount'],
      [toBob(1_000_000_001), 'sendAmount'],
      // Under the minimum transfer: a few poisha must not buy an e-mail to the receiver.
      [toBob(0.01), 'sendAmount'],
      [toBob('9.99'), 'sendAmount'],
      [toBob(10, { accNum: '123' }), 'accNum'],
      [toBob(10, { confirmedName: '' }), 'confirmedName'],
      [toBob(10, { confirmedName: undefined }), 'confirmedName'],
      [toBob(10, { confirmedName: 'x'.repeat(201) }), 'confirmedName'],
      [toBob(10, { accNum: aliceAccount }), 'accNum'],
    ];
    // The notices of the transfers before are written out first, so any row kept now is new.
    await harness.app.services.notices.settled();
    const deferredBefore = await deferredNoticeCount();
    for (const [body, field] of cases) {
      const response = await transfer(alice.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(response.json())).toBeTruthy();
    }
    expect((await transfer(alice.cookie, toBob('9.99'))).json().error.fields).toEqual({ sendAmount: 'Send amount must be at least 10.00 BDT' });
    expect(await entryCount()).toBe(before);
    expect(await deferredNoticeCount()).toBe(deferredBefore);
  });

  it('answers 404 for a sender account that is not the customer’s own, 401 without a session', async () => {
    const foreign = await transfer(bob.cookie, toBob(10));
    expect(foreign.statusCode).toBe(404);
    expect((await transfer(undefined, toBob(10))).statusCode).toBe(401);
  });

  it('refuses to send from or to an account that is not active yet', async () => {
    const pending = await requestAccount(harness.app, alice, { user: 'Alice Rahman' });
    expect((await transfer(alice.cookie, toBob(10, { id: pending }))).json().error.code).toBe('account_not_active');
    const toPending = await transfer(bob.cookie, { id: bobAccount, confirmedName: 'Alice Rahman', accNum: pending, sendAmount: 10 });
    expect(toPending.json().error.message).toBe(receiverMismatchMessage);
  });

  it('marks each refused field by the name the request gave it, not the bank’s', async () => {
    const pending = await requestAccount(harness.app, alice, { user: 'Alice Rahman' });
    const refusedFields = async (body: Record<string, unknown>) => (await transfer(alice.cookie, body)).json().error.fields as Record<string, string>;
    expect(Object.keys(await refusedFields(toBob(10, { id: pending })))).toEqual(['id']);
    expect(Object.keys(await refusedFields(toBob(10, { confirmedName: 'Bobby Hossain' })))).toEqual(['accNum']);
    expect(Object.keys(await refusedFields(toBob(10, { accNum: aliceAccount })))).toEqual(['accNum']);
    expect(Object.keys(await refusedFields(toBob(1_000_000)))).toEqual(['sendAmount']);
  });

  it('takes the money from `id` and gives it to `accNum`, never the other way round', async () => {
    const [aliceBefore, bobBefore] = [await balanceOf(harness.app, alice.cookie, aliceAccount), await balanceOf(harness.app, bob.cookie, bobAccount)];
    // Bob sends to Alice, so a mapping that swapped the two accounts would take the money from an
    // account Bob does not own and be refused, or move it the wrong way.
    const sent = await transfer(bob.cookie, { id: bobAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: 12.34 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await balanceOf(harness.app, bob.cookie, bobAccount)).toBe(Math.round((bobBefore - 12.34) * 100) / 100);
    expect(await balanceOf(harness.app, alice.cookie, aliceAccount)).toBe(Math.round((aliceBefore + 12.34) * 100) / 100);
    expect(sent.json().amount).toBe(await balanceOf(harness.app, bob.cookie, bobAccount));
  });

  it('keeps the ledger intact under 50 concurrent transfers both ways', async () => {
    const aliceBefore = await balanceOf(harness.app, alice.cookie, aliceAccount);
    const bobBefore = await balanceOf(harness.app, bob.cookie, bobAccount);
    const requests = Array.from({ length: 50 }, (_, index) =>
      index % 2 === 0 ? transfer(alice.cookie, toBob(300)) : transfer(bob.cookie, { id: bobAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: 200 }),
    );
    const responses = await Promise.all(requests);
    for (const response of responses) expect([200, 400]).toContain(response.statusCode);
    const aliceAfter = await balanceOf(harness.app, alice.cookie, aliceAccount);
    const bobAfter = await balanceOf(harness.app, bob.cookie, bobAccount);
    expect(aliceAfter + bobAfter).toBeCloseTo(aliceBefore + bobBefore, 2);
    expect(aliceAfter).toBeGreaterThanOrEqual(0);
    expect(bobAfter).toBeGreaterThanOrEqual(0);
    expect(await verifyLedger(harness.database.db)).toEqual(healthyLedger);
  });
});

describe('many transfers at once from one account', () => {
  it('checks each against the balance read under the lock: 9 of 50 pass, the rest are refused with the spec’s message, none 500', async () => {
    const carol = await registerCustomer(harness.app, { name: 'Carol Das' });
    const carolAccount = await openFundedAccount(harness.app, carol, staff, 1_000, { user: 'Carol Das' });
    const body = { id: carolAccount, confirmedName: 'Bob Hossain', accNum: bobAccount, sendAmount: 100 };
    const responses = await Promise.all(Array.from({ length: 50 }, () => transfer(carol.cookie, body)));
    const statuses = responses.map((response) => response.statusCode);
    // The amount must stay below the balance: 1,000 allows nine transfers of 100, leaving 100.
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'insufficient_funds', message: insufficientFundsMessage });
    }
    expect(await balanceOf(harness.app, carol.cookie, carolAccount)).toBe(100);
    expect(await verifyLedger(harness.database.db)).toEqual(healthyLedger);
  });
});

describe('idempotency', () => {
  it('moves money once for the same key twice, refuses the key with another payload', async () => {
    const before = await balanceOf(harness.app, bob.cookie, bobAccount);
    const key = { 'idempotency-key': `transfer-${Date.now()}` };
    const body = { id: bobAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: 10 };
    const first = await transfer(bob.cookie, body, key);
    const second = await transfer(bob.cookie, body, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(harness.app, bob.cookie, bobAccount)).toBeCloseTo(before - 10, 2);
    const other = await transfer(bob.cookie, { ...body, sendAmount: 11 }, key);
    expect(other.statusCode).toBe(422);
    expect((await transfer(bob.cookie, body, { 'idempotency-key': 'no' })).statusCode).toBe(400);
  });

  it('moves money once when the same key arrives concurrently', async () => {
    const before = await balanceOf(harness.app, bob.cookie, bobAccount);
    const key = { 'idempotency-key': `concurrent-${Date.now()}` };
    const body = { id: bobAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: 17 };
    const responses = await Promise.all(Array.from({ length: 5 }, () => transfer(bob.cookie, body, key)));
    for (const response of responses) {
      expect([200, 409]).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().error.code).toBe('idempotency_in_progress');
    }
    expect(await balanceOf(harness.app, bob.cookie, bobAccount)).toBeCloseTo(before - 17, 2);
  });

  it('keeps keys per user: another customer’s key does not replay', async () => {
    const key = { 'idempotency-key': `shared-${Date.now()}` };
    const fromBob = await transfer(bob.cookie, { id: bobAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: 10 }, key);
    const fromAlice = await transfer(alice.cookie, toBob(10), key);
    expect(fromBob.statusCode).toBe(200);
    expect(fromAlice.statusCode).toBe(200);
    expect(fromAlice.json().insertedId).not.toBe(fromBob.json().insertedId);
  });
});

describe('transfers committed together', () => {
  it('gives each of 50 concurrent orders its own answer: repeated keys once, refusals alone, balances as if one after another', async () => {
    const people = await Promise.all(
      ['Dina Akter', 'Emon Sarkar', 'Faria Islam', 'Gazi Hasan'].map(async (name) => {
        const customer = await registerCustomer(harness.app, { name });
        return { name, customer, account: await openFundedAccount(harness.app, customer, staff, 1_000, { user: name }) };
      }),
    );
    const ring = (index: number, amount: number, extra: Record<string, unknown> = {}) => {
      const from = people[index % people.length];
      const to = people[(index + 1) % people.length];
      if (!from || !to) throw new Error('four people in the ring');
      return { cookie: from.customer.cookie, body: { id: from.account, confirmedName: to.name, accNum: to.account, sendAmount: amount, ...extra } };
    };
    const repeatedKey = { 'idempotency-key': `batched-${Date.now()}` };
    const orders = Array.from({ length: 50 }, (_, index) => {
      if (index % 5 === 0) return { ...ring(0, 25), headers: repeatedKey, kind: 'repeated' as const };
      if (index % 7 === 3) return { ...ring(index, 10, { confirmedName: 'Nobody Known' }), headers: { 'idempotency-key': `refused-${index}-${Date.now()}` }, kind: 'refused' as const };
      return { ...ring(index, 10), headers: { 'idempotency-key': `ring-${index}-${Date.now()}` }, kind: 'ring' as const };
    });
    const entriesBefore = await entryCount();
    const responses = await Promise.all(orders.map((order) => transfer(order.cookie, order.body, order.headers)));

    const repeated = responses.filter((_, index) => orders[index]?.kind === 'repeated');
    for (const response of repeated) expect(response.json()).toEqual(repeated[0]?.json());
    responses.forEach((response, index) => {
      if (orders[index]?.kind === 'refused') expect(response.json().error).toMatchObject({ code: 'receiver_mismatch' });
      else expect(response.statusCode).toBe(200);
    });
    const ringCount = orders.filter((order) => order.kind === 'ring').length;
    expect(await entryCount()).toBe(entriesBefore + ringCount + 1);

    // Each answer's balance is the sender's balance right after its own posting.
    for (const [index, response] of responses.entries()) {
      const order = orders[index];
      if (!order || order.kind === 'refused') continue;
      const after = await harness.database.db.execute<{ balance: string }>(sql`
        SELECT balance_after_poisha::text AS balance FROM posting WHERE journal_entry_id = ${response.json().insertedId} AND ledger_account_code = ${order.body.id}`);
      expect(Number(after.rows[0]?.balance) / 100).toBe(response.json().amount);
    }
    // A refused order's key is given back: the same order is judged again, not answered from memory.
    const refusedIndex = orders.findIndex((order) => order.kind === 'refused');
    const refused = orders[refusedIndex];
    if (!refused) throw new Error('a refused order');
    expect((await transfer(refused.cookie, refused.body, refused.headers)).json().error.code).toBe('receiver_mismatch');

    const sent = new Map<string, number>();
    const received = new Map<string, number>();
    orders.forEach((order, index) => {
      if (order.kind === 'refused' || (order.kind === 'repeated' && index !== 0)) return;
      sent.set(order.body.id, (sent.get(order.body.id) ?? 0) + order.body.sendAmount);
      received.set(order.body.accNum, (received.get(order.body.accNum) ?? 0) + order.body.sendAmount);
    });
    for (const person of people) {
      const expected = 1_000 - (sent.get(person.account) ?? 0) + (received.get(person.account) ?? 0);
      expect(await balanceOf(harness.app, person.customer.cookie, person.account)).toBeCloseTo(expected, 2);
    }
    expect(await verifyLedger(harness.database.db)).toEqual(healthyLedger);
  });
});

describe('a refused transfer as a name enquiry', () => {
  const lookUp = (customer: Customer) => call(harness.app, 'POST', '/api/nameEnquiry', customer.cookie, { accNum: bobAccount });

  it('counts a refused transfer against the look-up allowance: an empty account cannot test names by "not enough money"', async () => {
    const mallory = await registerCustomer(harness.app, { name: 'Mallory Khan' });
    const malloryAccount = await openFundedAccount(harness.app, mallory, staff, 0, { user: 'Mallory Khan' });
    // Fifty guesses at once, one of them right: its refusal would say "not enough money", the others "does not match".
    const guesses = Array.from({ length: 50 }, (_, index) => (index === 17 ? 'Bob Hossain' : `Bob Guess${index}`));
    const answers = await Promise.all(guesses.map((name) => transfer(mallory.cookie, { id: malloryAccount, confirmedName: name, accNum: bobAccount, sendAmount: 100 })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(statuses.filter((status) => status === 400)).toHaveLength(30);
    expect(answers.find((answer) => answer.statusCode === 429)?.json().error.code).toBe('too_many_lookups');
    // The allowance is the name enquiry's own: it is spent too.
    expect((await lookUp(mallory)).statusCode).toBe(429);
    // Refusals of transfers to an account the customer has paid before tell nothing new and are not counted.
    for (let attempt = 0; attempt < 35; attempt += 1) {
      expect((await transfer(alice.cookie, toBob(1_000_000))).json().error.code).toBe('insufficient_funds');
    }
    expect((await lookUp(alice)).statusCode).toBe(200);
  });
});
