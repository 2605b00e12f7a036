import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness.close());

const validMessage = {
  fullName: 'Rahima Khatun',
  email: 'Rahima.Khatun@Example.com',
  contact: '+880 1712-345678',
  message: 'I would like to know the profit rate of the Savings Account for a deposit of 2 lakh taka.',
};

/** Each test sends from its own client address, so the throttle of one never blocks another. */
let addressCounter = 0;
const nextAddress = () => `198.51.100.${(addressCounter += 1)}`;

const sendContact = (payload: unknown, remoteAddress = nextAddress()) => harness.app.inject({ method: 'POST', url: '/api/contact', payload: payload as Record<string, unknown>, remoteAddress });

async function storedCount(): Promise<number> {
  return (await harness.database.db.select({ id: schema.contactMessage.id }).from(schema.contactMessage)).length;
}

describe('POST /api/contact', () => {
  it('stores the message, normalised, and answers acknowledged with its id', async () => {
    const address = nextAddress();
    const response = await sendContact(validMessage, address);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const rows = await harness.database.db.select().from(schema.contactMessage);
    const stored = rows.find((row) => row.id === body.insertedId);
    expect(stored).toMatchObject({
      fullName: 'Rahima Khatun',
      email: 'rahima.khatun@example.com',
      contact: '+8801712345678',
      message: validMessage.message,
      senderAddress: address,
      sentAt: null,
      sendAttempts: 0,
      lastError: null,
    });
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const before = await storedCount();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...validMessage, fullName: undefined }, 'fullName', /^First Name is required$/],
      [{ ...validMessage, fullName: '   ' }, 'fullName', /^First Name is required$/],
      [{ ...validMessage, fullName: 'R' }, 'fullName', /at least 2/],
      [{ ...validMessage, fullName: 'R'.repeat(101) }, 'fullName', /at most 100/],
      [{ ...validMessage, email: '' }, 'email', /^Email is required$/],
      [{ ...validMessage, email: 'rahima-at-example.com' }, 'email', /valid email/],
      [{ ...validMessage, contact: '' }, 'contact', /^Contact is required$/],
      [{ ...validMessage, contact: undefined }, 'contact', /^Contact is required$/],
      [{ ...validMessage, contact: '0171234567' }, 'contact', /Bangladeshi mobile number/],
      [{ ...validMessage, contact: '+8801212345678' }, 'contact', /Bangladeshi mobile number/],
      [{ ...validMessage, contact: '+88017123456789' }, 'contact', /Bangladeshi mobile number/],
      [{ ...validMessage, message: '' }, 'message', /^Message is required$/],
      [{ ...validMessage, message: 'x'.repeat(2001) }, 'message', /at most 2000/],
      [{ ...validMessage, message: 42 }, 'message', /Message is required/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await sendContact(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('invalid_input');
      expect(error.fields[field]).toMatch(message);
      expect(error.message).toContain(error.fields[field]);
    }
    const notJson = await harness.app.inject({ method: 'POST', url: '/api/contact', payload: '{"fullName":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it('accepts a message of exactly 2000 characters and a name of 100', async () => {
    const response = await sendContact({ ...validMessage, fullName: 'N'.repeat(100), message: 'm'.repeat(2000) });
    expect(response.statusCode).toBe(200);
  });

  it('answers 429 with Retry-After after 5 messages from one address in an hour', async () => {
    const address = nextAddress();
    // Bad input is refused before it counts, so a visitor fixing typos is not throttled.
    expect((await sendContact({ ...validMessage, email: 'oops' }, address)).statusCode).toBe(400);
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await sendContact(validMessage, address)).statusCode).toBe(200);
    }
    const before = await storedCount();
    const blocked = await sendContact(validMessage, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_requests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await storedCount()).toBe(before);
    expect((await sendContact(validMessage, nextAddress())).statusCode).toBe(200);
  });

  it('is not fooled by addresses the client writes into X-Forwarded-For behind one proxy', async () => {
    const behindProxy = await createTestApp({ trustProxy: 1 });
    try {
      const statuses: number[] = [];
      for (let fake = 1; fake <= 8; fake += 1) {
        const response = await behindProxy.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: validMessage,
          // The client wrote 203.0.113.N; the proxy appended the address it really came from.
          headers: { origin: behindProxy.app.services.publicUrl, 'x-forwarded-for': `203.0.113.${fake}, 198.51.100.20` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('GET /api/contactMessages', () => {
  it('is for staff only: 401 signed out, 403 for a customer, 200 for staff', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/api/contactMessages' })).statusCode).toBe(401);
    const customer = await registerCustomer(harness.app);
    const forbidden = await harness.app.inject({ method: 'GET', url: '/api/contactMessages', headers: { cookie: customer.cookie } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('staff_only');
    const staffCookie = await signInStaff(harness.app);
    expect((await harness.app.inject({ method: 'GET', url: '/api/contactMessages', headers: { cookie: staffCookie } })).statusCode).toBe(200);
  });

  it('lists newest first with the delivery state, one page at a time', async () => {
    const staffCookie = await signInStaff(harness.app);
    const first = (await sendContact({ ...validMessage, message: 'First of three, about cards.' })).json().insertedId;
    const second = (await sendContact({ ...validMessage, message: 'Second of three, about loans.' })).json().insertedId;
    const third = (await sendContact({ ...validMessage, message: 'Third of three, about deposits.' })).json().insertedId;

    const list = async (query: string) => harness.app.inject({ method: 'GET', url: `/api/contactMessages${query}`, headers: { cookie: staffCookie } });
    const page = await list('?limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().map((entry: { _id: string }) => entry._id)).toEqual([third, second]);
    expect(page.json()[0]).toEqual({
      _id: third,
      fullName: 'Rahima Khatun',
      email: 'rahima.khatun@example.com',
      contact: '+8801712345678',
      message: 'Third of three, about deposits.',
      createdAt: expect.any(String),
      deliveryState: 'pending',
      sendAttempts: 0,
      sentAt: null,
      nextAttemptAt: expect.any(String),
      lastError: null,
    });
    const next = await list('?limit=2&offset=2');
    expect(next.json()[0]._id).toBe(first);

    expect(page.headers['x-total-count']).toBe(String(await storedCount()));
    const everything = await list('');
    expect(everything.json().length).toBe(await storedCount());

    for (const [query, field] of [
      ['?limit=101', 'limit'],
      ['?limit=0', 'limit'],
      ['?offset=-1', 'offset'],
      ['?limit=abc', 'limit'],
    ] as const) {
      const refused = await list(query);
      expect(refused.statusCode, query).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toContain(field);
    }
  });
});
