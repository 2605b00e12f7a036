// Anything a person (or a script pretending to be the web app) can type must be answered with a
// clear refusal or a success, never a 500: every field of every write, every path id and every
// list parameter gets values a careless or hostile client would send.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { verifyLedger } from './modules/ledger/ledger';
import { accountRequestBody, call, openFundedAccount, type Customer } from './test-support/banking';
import { createTestApp, multipartImage, onePixelPng, registerCustomer, signInStaff, type TestApp } from './test-support/test-app';

const hostileValues: unknown[] = [
  '',
  '   ',
  null,
  true,
  0,
  -1,
  0.001,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2, // not exactly representable
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  '1e5',
  '0x10',
  '১২৩', // Bangla digits
  '12.345',
  'abc\u0000def',
  '\ud800',
  '😀 রহিমা',
  "'; DROP TABLE bank_account; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'x'.repeat(5_000),
  [],
  ['1'],
  {},
  { $gt: '' },
];

const hostilePathSegments = ['0', '-1', 'null', 'undefined', '%00', '%ZZ', '..%2F..%2Fetc', '1'.repeat(13), '9'.repeat(40), 'x'.repeat(2_000), '%F0%9F%98%80', "1'%20OR%20'1'='1"];

type Endpoint = { method: 'POST' | 'PUT' | 'DELETE'; url: string; as: 'customer' | 'staff' | 'visitor'; body: Record<string, unknown> };

let harness: TestApp;
let app: App;
let customer: Customer;
let other: Customer;
let staff: string;
let endpoints: Endpoint[];
let accountId: string;

beforeAll(async () => {
  harness = await createTestApp({ rateLimitMultiplier: 1_000 });
  app = harness.app;
  staff = await signInStaff(app);
  customer = await registerCustomer(app, { name: 'Rahima Khatun' });
  other = await registerCustomer(app, { name: 'Tanvir Ahmed' });
  accountId = await openFundedAccount(app, customer, staff, 50_000);
  const otherAccount = await openFundedAccount(app, other, staff, 1_000, { user: 'Tanvir Ahmed', role: 'Current' });
  const { payload, headers } = multipartImage(onePixelPng, { purpose: 'document' });
  const passport = (await app.inject({ method: 'POST', url: '/api/images', payload, headers: { ...headers, cookie: customer.cookie } })).json().data.url as string;
  const someId = '00000000-0000-4000-8000-000000000000';
  endpoints = [
    { method: 'POST', url: '/api/requestedUsers', as: 'customer', body: accountRequestBody(customer) },
    { method: 'PUT', url: '/api/depositReq', as: 'customer', body: { accNum: accountId, depositAmount: 100 } },
    { method: 'PUT', url: '/api/userMoneyTrans', as: 'customer', body: { id: accountId, transfer: 'Current', user: 'Tanvir Ahmed', accNum: otherAccount, sendAmount: 10 } },
    { method: 'POST', url: '/api/cardsReq', as: 'customer', body: { card: 'debit', accNum: accountId } },
    {
      method: 'POST',
      url: '/api/loanReq',
      as: 'customer',
      body: { loan: 'home', accNum: accountId, income: 80000, company: 'Meghna Textiles Ltd.', lAmount: 100000, lDuration: '18', passport, evidence: 'https://example.com/payslip.pdf' },
    },
    { method: 'PUT', url: '/api/lInfoUpdate', as: 'customer', body: { id: someId, accNum: accountId, amount: 100 } },
    { method: 'POST', url: '/api/users', as: 'customer', body: { fullName: 'Rahima Khatun', email: customer.email, image: customer.image } },
    { method: 'POST', url: '/api/contact', as: 'visitor', body: { fullName: 'Rahima Khatun', email: 'rahima@example.com', contact: '+880 1712-345678', message: 'A question about savings.' } },
    { method: 'POST', url: '/api/auth/sign-in/email', as: 'visitor', body: { email: customer.email, password: 'not the password at all' } },
    { method: 'POST', url: '/api/auth/sign-up/email', as: 'visitor', body: { name: 'New Person', email: 'new.person@example.com', password: 'a long new passphrase 77', image: customer.image } },
    { method: 'PUT', url: '/api/userDepositUpdate', as: 'staff', body: { id: someId, accNum: accountId } },
    { method: 'PUT', url: '/api/userLoanUpdate', as: 'staff', body: { id: someId } },
    { method: 'PUT', url: '/api/dashCardDebit', as: 'staff', body: { id: someId } },
    { method: 'PUT', url: '/api/dashCardCredit', as: 'staff', body: { id: someId } },
    { method: 'DELETE', url: '/api/dashCardDelete', as: 'staff', body: { id: someId } },
    { method: 'POST', url: '/api/savedReceivers', as: 'customer', body: { transfer: 'Current', user: 'Tanvir Ahmed', accNum: otherAccount, nickname: 'Tanvir' } },
    { method: 'PUT', url: `/api/savedReceivers/${someId}`, as: 'customer', body: { nickname: 'Tanvir' } },
    { method: 'POST', url: '/api/transferLimitProposals', as: 'staff', body: { accountType: 'savings', perTransfer: 250000, perDay: 900000, reason: 'Fewer large frauds' } },
  ];
});
afterAll(async () => harness.close());

const cookieFor = (as: Endpoint['as']) => (as === 'staff' ? staff : as === 'customer' ? customer.cookie : undefined);

/** A refusal is the one error shape; a 400 names at least one field or says what is wrong. */
function expectNoServerError(response: Awaited<ReturnType<typeof call>>, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400 && !label.includes('/api/auth/')) {
    const body = response.json() as { error?: { code?: unknown; message?: unknown } };
    expect(body.error?.code, label).toEqual(expect.any(String));
    expect(body.error?.message, label).toEqual(expect.any(String));
  }
}

/** The rows every write of the product can add, by table: a refusal must leave each the same. */
async function writtenRows(): Promise<Record<string, number>> {
  // A transfer accepted earlier has its notices written out just after its commit: let that end
  // first, so it is not counted against the request under test.
  await app.notices.settled();
  const tables = ['bank_account', 'deposit_request', 'card', 'loan', 'journal_entry', 'posting', 'contact_message', 'user', 'audit_event', 'upload', 'user_status_change', 'email_notice', 'notification', 'deferred_notice'];
  const counts = sql.join(
    tables.map((table) => sql`(SELECT count(*)::int FROM ${sql.identifier(table)}) AS ${sql.identifier(table)}`),
    sql`, `,
  );
  const result = await harness.database.db.execute<Record<string, number>>(sql`SELECT ${counts}`);
  return result.rows[0] ?? {};
}

/** Sends one write and checks its answer: never a 500, the error shape on a refusal, and nothing written by a refusal. */
async function expectSafeAnswer(endpoint: Endpoint, payload: unknown, label: string) {
  const before = await writtenRows();
  const response = await call(app, endpoint.method, endpoint.url, cookieFor(endpoint.as), payload);
  expectNoServerError(response, label);
  if (response.statusCode >= 400) expect(await writtenRows(), `${label}: written although refused`).toEqual(before);
}

/** About 10 KB of JSON nested 5,000 deep: walking it recursively overflows the stack. */
const deepArray = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;

describe('hostile input', () => {
  it('refuses JSON nested thousands deep with a 400, under any key of any write, with or without an Idempotency-Key', async () => {
    const contact = await app.inject({ method: 'POST', url: '/api/contact', payload: deepArray, headers: { origin: app.publicUrl, 'content-type': 'application/json' } });
    expect(contact.statusCode).toBe(400);
    for (const endpoint of endpoints) {
      const payload = JSON.stringify({ ...endpoint.body, extra: 'DEEP' }).replace('"DEEP"', deepArray);
      const headers = { origin: app.publicUrl, 'content-type': 'application/json', 'idempotency-key': 'hostile-deep-0001', ...(cookieFor(endpoint.as) ? { cookie: cookieFor(endpoint.as) } : {}) };
      const response = await app.inject({ method: endpoint.method, url: endpoint.url, payload, headers });
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(400);
      expect(response.json().error.fields).toEqual({ extra: expect.stringContaining('nest deeper') });
    }
  });

  /** Hundreds of requests, each with its row counts before and after: a minute on a quiet machine, more on a loaded one. */
  const tableTimeoutMs = 180_000;

  it('never answers 500 to any value in any field of a write, and writes nothing when it refuses', async () => {
    for (const endpoint of endpoints) {
      for (const field of Object.keys(endpoint.body)) {
        for (const value of hostileValues) {
          await expectSafeAnswer(endpoint, { ...endpoint.body, [field]: value }, `${endpoint.method} ${endpoint.url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
        }
      }
    }
  }, tableTimeoutMs);

  it('never answers 500 to generated bodies (any field replaced by any JSON value, fields dropped, fields added), and writes nothing when it refuses', async () => {
    // Values a table cannot think of: every JSON shape, strings across Unicode, numbers at the edges.
    // A failure prints fast-check's seed and the smallest body it shrank to; passing { seed } replays it.
    const anyValue = fc.oneof(
      fc.jsonValue(),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.double({ noNaN: true }),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.integer().map((number) => number.toString()),
    );
    for (const endpoint of endpoints) {
      const fields = Object.keys(endpoint.body);
      const body = fc.record({
        replaced: fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: fields.length }),
        dropped: fc.subarray(fields, { maxLength: Math.min(2, fields.length) }),
        added: fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { maxKeys: 2 }),
      });
      await fc.assert(
        fc.asyncProperty(body, async ({ replaced, dropped, added }) => {
          const payload: Record<string, unknown> = { ...added, ...endpoint.body, ...replaced };
          for (const field of dropped) delete payload[field];
          await expectSafeAnswer(endpoint, payload, `${endpoint.method} ${endpoint.url} ${JSON.stringify(payload).slice(0, 200)}`);
        }),
        { numRuns: 60 },
      );
    }
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
  }, tableTimeoutMs);

  it('never answers 500 to a body that is not an object, or not JSON at all', async () => {
    for (const endpoint of endpoints) {
      for (const payload of ['[]', '"text"', 'null', '123', '{"unclosed": ', '{"a":1}{"b":2}', '\u0000', deepArray, `{"extra":${deepArray}}`]) {
        const response = await app.inject({
          method: endpoint.method,
          url: endpoint.url,
          payload,
          headers: { origin: app.publicUrl, 'content-type': 'application/json', ...(cookieFor(endpoint.as) ? { cookie: cookieFor(endpoint.as) } : {}) },
        });
        expectNoServerError(response, `${endpoint.method} ${endpoint.url} body ${payload}`);
      }
    }
  });

  it('never answers 500 to any id in a path', async () => {
    const paths: Array<[Endpoint['method'] | 'GET', string, Endpoint['as']]> = [
      ['GET', '/api/singleAccDetails/:id', 'customer'],
      ['GET', '/api/accountStatement/:id', 'customer'],
      ['GET', '/api/accountStatement/:id/csv', 'customer'],
      ['GET', '/api/singleLoanDetails/:id', 'customer'],
      ['GET', '/api/cardImages/:id', 'customer'],
      ['GET', '/api/images/:id', 'visitor'],
      ['GET', '/api/accounts/:id', 'visitor'],
      ['GET', '/api/cards/:id', 'visitor'],
      ['GET', '/api/loans/:id', 'visitor'],
      ['GET', '/api/auditTrail/account/:id', 'staff'],
      ['PUT', '/api/userStatusUpdate/:id', 'staff'],
      ['DELETE', '/api/requestedUsersDelete/:id', 'staff'],
      ['DELETE', '/api/userLoanDelete/:id', 'staff'],
      ['DELETE', '/api/userDepositDelete/:id', 'staff'],
      ['DELETE', '/api/allUsers/:id', 'staff'],
      ['POST', '/api/allUsers/:id/enable', 'staff'],
      ['POST', '/api/allUsers/:id/approveChange', 'staff'],
      ['POST', '/api/allUsers/:id/cancelChange', 'staff'],
      ['GET', '/api/accountStatement/:id/range?from=2026-11-01&to=2026-11-02', 'customer'],
      ['GET', '/api/accountStatement/:id/range/csv?from=2026-11-01&to=2026-11-02', 'customer'],
      ['GET', '/api/accountStatement/:id/range/pdf?from=2026-11-01&to=2026-11-02', 'customer'],
      ['GET', '/api/transferReceipt/:id/pdf', 'customer'],
      ['PUT', '/api/savedReceivers/:id', 'customer'],
      ['DELETE', '/api/savedReceivers/:id', 'customer'],
    ];
    for (const [method, template, as] of paths) {
      for (const segment of hostilePathSegments) {
        const url = template.replace(':id', segment);
        const response = await call(app, method, url, cookieFor(as), method === 'GET' ? undefined : {});
        expectNoServerError(response, `${method} ${url.slice(0, 80)}`);
      }
    }
  });

  it('never answers 500 to any list parameter', async () => {
    const lists: Array<[string, Endpoint['as']]> = [
      ['/api/userAccounts', 'staff'],
      ['/api/dashCardReq', 'staff'],
      ['/api/userLoanReq', 'staff'],
      ['/api/dashDepoShow', 'staff'],
      ['/api/allUsers', 'staff'],
      ['/api/contactMessages', 'staff'],
      [`/api/accountStatement/${'0'.repeat(13)}`, 'customer'],
      ['/api/userAccount', 'customer'],
    ];
    const parameters = ['status', 'limit', 'offset', 'before', 'email'];
    const values = ['', '-1', '0', '1e3', '99999999999999999999', 'NaN', 'pending', 'success', 'x'.repeat(3_000), '%00', '1.5', '[]'];
    for (const [list, as] of lists) {
      for (const parameter of parameters) {
        for (const value of values) {
          const url = `${list}?${parameter}=${value}`;
          const response = await call(app, 'GET', url, cookieFor(as));
          expectNoServerError(response, `GET ${url.slice(0, 80)}`);
        }
      }
      const repeated = await call(app, 'GET', `${list}?limit=1&limit=2&status=pending&status=success`, cookieFor(as));
      expectNoServerError(repeated, `GET ${list} with repeated parameters`);
    }
  });

  it('leaves the ledger balanced after all of it', async () => {
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });
});
