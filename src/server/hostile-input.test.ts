// Anything a person (or a script pretending to be the web app) can type must be answered with a
// clear refusal or a success, never a 500: every field of every write, every path id and every
// list parameter gets values a careless or hostile client would send.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantToDhaka } from '../shared/dates';
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
/** A staff member proposing a service notice: its times are the API's only date-times. */
const noticeEndpoint: Endpoint = {
  method: 'POST',
  url: '/api/serviceNoticeProposals',
  as: 'staff',
  body: { kind: 'maintenance', textEn: 'Internet banking pauses for upgrades.', textBn: 'আপগ্রেডের জন্য ইন্টারনেট ব্যাংকিং সাময়িক বন্ধ থাকবে।', startsAt: '2030-11-24T22:00', endsAt: '2030-11-24T23:00' },
};

/** A staff member adding a holiday: a calendar day, and two names. */
const holidayEndpoint: Endpoint = {
  method: 'POST',
  url: '/api/holidays',
  as: 'staff',
  body: { date: '2030-11-26', nameEn: 'Bank foundation day', nameBn: 'ব্যাংকের প্রতিষ্ঠা দিবস', predicted: false },
};

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
    { method: 'PUT', url: '/api/userMoneyTrans', as: 'customer', body: { id: accountId, confirmedName: 'TA**** AH***', accNum: otherAccount, sendAmount: 10 } },
    { method: 'POST', url: '/api/cardsReq', as: 'customer', body: { card: 'debit', accNum: accountId } },
    {
      method: 'POST',
      url: '/api/loanReq',
      as: 'customer',
      body: { loan: 'home', accNum: accountId, income: 80000, company: 'Meghna Textiles Ltd.', lAmount: 100000, lDuration: '18', document: passport, documentKind: 'salary-certificate' },
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
    { method: 'POST', url: '/api/savedReceivers', as: 'customer', body: { confirmedName: 'TA**** AH***', accNum: otherAccount, nickname: 'Tanvir' } },
    { method: 'PUT', url: `/api/savedReceivers/${someId}`, as: 'customer', body: { nickname: 'Tanvir' } },
    { method: 'POST', url: '/api/transferLimitProposals', as: 'staff', body: { accountType: 'savings', perTransfer: 250000, perDay: 900000, reason: 'Fewer large frauds' } },
    // An excise duty table from a future date, its slabs in order, the last without a bound.
    {
      method: 'POST',
      url: '/api/exciseDutyTables',
      as: 'staff',
      body: {
        effectiveFrom: '2030-07-01',
        slabs: [
          { upTo: 300000, duty: 0 },
          { upTo: 500000, duty: 150 },
          { upTo: null, duty: 500 },
        ],
        reason: 'Finance Act 2030-31',
      },
    },
    holidayEndpoint,
    { method: 'PUT', url: '/api/holidays/2026-12-16', as: 'staff', body: { nameEn: 'Victory Day', nameBn: 'বিজয় দিবস', predicted: false } },
    { method: 'POST', url: '/api/bulkApprovals', as: 'staff', body: { kind: 'deposit', ids: [someId] } },
    { method: 'POST', url: '/api/nameEnquiry', as: 'customer', body: { accNum: otherAccount } },
    // Fixed deposit receipts: an opening (its confirm wants an Idempotency-Key) and a changed instruction.
    {
      method: 'POST',
      url: '/api/fdr',
      as: 'customer',
      body: { accountId, amount: 10000, termMonths: 3, instruction: 'credit', nomineeName: 'Karim Uddin', nomineeId: '9876543210', nomineeRelation: 'Brother' },
    },
    { method: 'PUT', url: `/api/fdr/${someId}/instruction`, as: 'customer', body: { instruction: 'renew-all' } },
    // Payments to other banks and wallets: the receiver is one the embedded switch knows.
    { method: 'POST', url: '/api/payments/quote', as: 'customer', body: { accountId, receiverParticipant: 'DBBL', receiverAccount: '1011100012345', amount: 100 } },
    {
      method: 'POST',
      url: '/api/payments/check',
      as: 'customer',
      body: { accountId, receiverParticipant: 'DBBL', receiverAccount: '1011100012345', amount: 100, confirmedName: 'RA*** UD***', rail: 'NPSB', purpose: 'Rent' },
    },
    {
      method: 'POST',
      url: '/api/payments',
      as: 'customer',
      body: { accountId, receiverParticipant: 'DBBL', receiverAccount: '1011100012345', amount: 100, confirmedName: 'RA*** UD***', rail: 'NPSB', purpose: 'Rent' },
    },
    // Appended, not inserted: the text-field test below names endpoints by their place in this list.
    { method: 'PUT', url: '/api/me/tin', as: 'customer', body: { tin: '123456789012' } },
  ];
  await countRowsFromNowOn();
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

/** The tables every write of the product can add rows to: a refusal must leave each one's count the same. */
const countedTables = [
  'bank_account',
  'deposit_request',
  'card',
  'loan',
  'journal_entry',
  'posting',
  'contact_message',
  'user',
  'audit_event',
  'upload',
  'user_status_change',
  'email_notice',
  'notification',
  'deferred_notice',
  'service_notice',
  'service_notice_proposal',
  'saved_receiver',
  'bank_holiday',
  'payment',
  'payment_event',
  'clearing_outbox',
  'customer_tax_identity',
  'fixed_deposit',
  'dps_scheme',
  'dps_instalment',
];

/**
 * Keeps each counted table's row count in one small table of this test's database, moved by a
 * trigger on every row inserted or deleted, in the writing transaction (a write rolled back moves
 * nothing), and starting from the tables' counts now. Reading it is one small query where counting
 * every table was twenty-one scans, read twice around each of thousands of requests; it answers
 * exactly what those counts answered.
 */
async function countRowsFromNowOn(): Promise<void> {
  const db = harness.database.db;
  await db.transaction(async (tx) => {
    await tx.execute(sql`CREATE TABLE hostile_input_row_count (table_name text PRIMARY KEY, row_count bigint NOT NULL)`);
    await tx.execute(
      sql.raw(`CREATE FUNCTION hostile_input_count_row() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE hostile_input_row_count SET row_count = row_count + (CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END) WHERE table_name = TG_TABLE_NAME;
          RETURN NULL;
        END $$`),
    );
    for (const table of countedTables) {
      await tx.execute(sql`INSERT INTO hostile_input_row_count SELECT ${table}, count(*) FROM ${sql.identifier(table)}`);
      await tx.execute(sql`CREATE TRIGGER hostile_input_count_row AFTER INSERT OR DELETE ON ${sql.identifier(table)} FOR EACH ROW EXECUTE FUNCTION hostile_input_count_row()`);
    }
  });
}

/** The rows of every counted table, by table. */
async function writtenRows(): Promise<Record<string, number>> {
  // A transfer accepted earlier has its notices written out just after its commit: let that end
  // first, so it is not counted against the request under test.
  await app.services.notices.settled();
  const result = await harness.database.db.execute<{ table_name: string; row_count: string | number }>(sql`SELECT table_name, row_count FROM hostile_input_row_count`);
  return Object.fromEntries(result.rows.map((row) => [row.table_name, Number(row.row_count)]));
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
    const contact = await app.inject({ method: 'POST', url: '/api/contact', payload: deepArray, headers: { origin: app.services.publicUrl, 'content-type': 'application/json' } });
    expect(contact.statusCode).toBe(400);
    for (const endpoint of endpoints) {
      const payload = JSON.stringify({ ...endpoint.body, extra: 'DEEP' }).replace('"DEEP"', deepArray);
      const headers = {
        origin: app.services.publicUrl,
        'content-type': 'application/json',
        'idempotency-key': 'hostile-deep-0001',
        ...(cookieFor(endpoint.as) ? { cookie: cookieFor(endpoint.as) } : {}),
      };
      const response = await app.inject({ method: endpoint.method, url: endpoint.url, payload, headers });
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(400);
      expect(response.json().error.fields).toEqual({ extra: expect.stringContaining('nest deeper') });
    }
  });

  /** Hundreds of requests, each with its row counts before and after: a minute on a quiet machine, more on a loaded one. */
  const tableTimeoutMs = 180_000;

  it(
    'never answers 500 to any value in any field of a write, and writes nothing when it refuses',
    async () => {
      for (const endpoint of endpoints) {
        for (const field of Object.keys(endpoint.body)) {
          for (const value of hostileValues) {
            await expectSafeAnswer(endpoint, { ...endpoint.body, [field]: value }, `${endpoint.method} ${endpoint.url} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
          }
        }
      }
    },
    tableTimeoutMs,
  );

  it(
    'never answers 500 to generated bodies (any field replaced by any JSON value, fields dropped, fields added), and writes nothing when it refuses',
    async () => {
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
    },
    tableTimeoutMs,
  );

  it('never answers 500 to a body that is not an object, or not JSON at all', async () => {
    for (const endpoint of endpoints) {
      for (const payload of ['[]', '"text"', 'null', '123', '{"unclosed": ', '{"a":1}{"b":2}', '\u0000', deepArray, `{"extra":${deepArray}}`]) {
        const response = await app.inject({
          method: endpoint.method,
          url: endpoint.url,
          payload,
          headers: { origin: app.services.publicUrl, 'content-type': 'application/json', ...(cookieFor(endpoint.as) ? { cookie: cookieFor(endpoint.as) } : {}) },
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
      ['PUT', '/api/holidays/:id', 'staff'],
      ['DELETE', '/api/holidays/:id', 'staff'],
      ['GET', '/api/payments/:id', 'customer'],
      ['GET', '/api/accountStatement/:id/tax-certificate?year=2026', 'customer'],
      ['PUT', '/api/exciseDutyTables/:id/approve', 'staff'],
      ['PUT', '/api/exciseDutyTables/:id/decline', 'staff'],
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
      ['/api/payments', 'customer'],
      ['/api/exciseDutyTables', 'staff'],
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

  it('never answers 500 to any date in any date field, names the field when it refuses, and writes nothing then', async () => {
    // JavaScript reads years PostgreSQL has not (year 0, 275760), rolls 30 February over to March
    // and takes offsets as odd as +14:00: every such value must be refused as input, never reach SQL.
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    const anyInstant = fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true });
    const offsets = ['Z', '+14:00', '-12:00', '+05:45', '+06:00', '+99:99', '-00:00'];
    const anyDate = fc.oneof(
      anyInstant.map((instant) => instant.toISOString()),
      anyInstant.map((instant) => instant.toISOString().slice(0, 10)),
      anyInstant.map((instant) => instant.toISOString().slice(0, 16)),
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 25 }), fc.constantFrom('', ...offsets))
        .chain(([year, month, day, hour, offset]) => fc.constantFrom(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`, `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:00${offset}`)),
    );
    const edges = [
      '0000-01-01',
      '0001-01-01',
      '9999-12-31',
      '-000001-01-01',
      '+275760-09-13',
      '275760-09-13',
      '2026-02-30',
      '2024-02-29',
      '1899-12-31',
      '2101-01-01',
      '0000-01-01T00:00',
      '0001-01-01T00:00',
      '9999-12-31T23:59',
      '2026-02-30T10:00',
      '2026-11-01T00:00:00+14:00',
      '2026-11-01T00:00-12:00',
      '2026-11-01T24:00',
      '2026-11-01T23:59:60',
    ];
    const yesterday = instantToDhaka(new Date(Date.now() - 86_400_000));
    const nextWeek = instantToDhaka(new Date(Date.now() + 7 * 86_400_000));
    const dateWrites: Array<{ endpoint: Endpoint; field: string; with: (date: string) => Record<string, unknown> }> = [
      { endpoint: endpoints[0]!, field: 'birthDate', with: (date) => ({ ...endpoints[0]!.body, birthDate: date }) },
      { endpoint: noticeEndpoint, field: 'startsAt', with: (date) => ({ ...noticeEndpoint.body, startsAt: date, endsAt: nextWeek }) },
      { endpoint: noticeEndpoint, field: 'endsAt', with: (date) => ({ ...noticeEndpoint.body, startsAt: yesterday, endsAt: date }) },
      { endpoint: holidayEndpoint, field: 'date', with: (date) => ({ ...holidayEndpoint.body, date }) },
    ];
    /** The fields a refusal of each date may name: the field itself, or the other one a rule joins it to. */
    const refusedFields: Record<string, RegExp> = { birthDate: /^birthDate$/, startsAt: /^(startsAt|endsAt)$/, endsAt: /^(startsAt|endsAt)$/, date: /^date$/ };
    const check = async (date: string) => {
      for (const statement of ['range', 'range/csv', 'range/pdf']) {
        const url = `/api/accountStatement/${accountId}/${statement}?from=${encodeURIComponent(date)}&to=${encodeURIComponent(date)}`;
        const response = await call(app, 'GET', url, customer.cookie);
        expectNoServerError(response, `GET ${url}`);
        if (response.statusCode === 400) expect(Object.keys(response.json().error.fields ?? {}), url).toEqual(expect.arrayContaining([expect.stringMatching(/^(from|to)$/)]));
      }
      for (const write of dateWrites) {
        const label = `${write.endpoint.url} ${write.field}=${date}`;
        const before = await writtenRows();
        const response = await call(app, write.endpoint.method, write.endpoint.url, cookieFor(write.endpoint.as), write.with(date));
        expectNoServerError(response, label);
        if (response.statusCode >= 400) expect(await writtenRows(), `${label}: written although refused`).toEqual(before);
        // Either the field itself is refused, or (a real date) the rule that joins it to another field.
        if (response.statusCode === 400) expect(Object.keys(response.json().error.fields ?? {}), label).toEqual(expect.arrayContaining([expect.stringMatching(refusedFields[write.field] ?? /^$/)]));
      }
    };
    for (const date of edges) await check(date);
    await fc.assert(fc.asyncProperty(anyDate, check), { numRuns: 40 });
  }, 120_000);

  it('refuses hidden characters in every name and free text, naming the field, and writes nothing', async () => {
    // Controls, line and paragraph separators, bidirectional overrides, isolates and marks, and other
    // invisible format characters; a text with paragraphs may hold line feeds, returns and tabs.
    const lineBreaks = ['\n', '\r', '\t'];
    const hidden = [
      ...lineBreaks,
      '\u0000',
      '\u0007',
      '\u001B',
      '\u007F',
      '\u0085',
      '\u009B',
      '\u2028',
      '\u2029',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u00AD',
      '\uFEFF',
      '\u2060',
    ];
    const textFields: Array<{ endpoint: Endpoint; field: string; paragraphs?: true; extra?: Record<string, string> }> = [
      ...['nomineeName', 'residentialArea', 'permanentArea'].map((field) => ({ endpoint: endpoints[0]!, field })),
      { endpoint: endpoints[2]!, field: 'confirmedName' },
      { endpoint: endpoints[4]!, field: 'company' },
      { endpoint: endpoints[6]!, field: 'fullName' },
      { endpoint: endpoints[7]!, field: 'fullName' },
      { endpoint: endpoints[7]!, field: 'message', paragraphs: true },
      { endpoint: endpoints[9]!, field: 'name' },
      { endpoint: endpoints[15]!, field: 'confirmedName' },
      { endpoint: endpoints[15]!, field: 'nickname' },
      { endpoint: endpoints[16]!, field: 'nickname' },
      { endpoint: endpoints[14]!, field: 'note', paragraphs: true, extra: { reason: 'other', note: 'The customer asked us to cancel it.' } },
      { endpoint: endpoints[17]!, field: 'reason', paragraphs: true },
      { endpoint: noticeEndpoint, field: 'textEn', paragraphs: true },
      { endpoint: noticeEndpoint, field: 'textBn', paragraphs: true },
      { endpoint: holidayEndpoint, field: 'nameEn' },
      { endpoint: holidayEndpoint, field: 'nameBn' },
    ];
    const refusal = fc
      .record({ target: fc.constantFrom(...textFields), character: fc.constantFrom(...hidden), at: fc.nat({ max: 40 }) })
      .filter(({ target, character }) => !(target.paragraphs && lineBreaks.includes(character)));
    await fc.assert(
      fc.asyncProperty(refusal, async ({ target, character, at }) => {
        const body: Record<string, unknown> = { ...target.endpoint.body, ...target.extra };
        const typed = String(body[target.field]);
        // Inside the text, never at an end: trimming would rightly remove a line break there.
        const inside = 1 + (at % (typed.length - 1));
        const value = `${typed.slice(0, inside)}${character}${typed.slice(inside)}`;
        const label = `${target.endpoint.method} ${target.endpoint.url} ${target.field} with U+${character.codePointAt(0)?.toString(16)}`;
        const before = await writtenRows();
        const response = await call(app, target.endpoint.method, target.endpoint.url, cookieFor(target.endpoint.as), { ...body, [target.field]: value });
        expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(400);
        expect(response.json().error.fields?.[target.field], label).toMatch(/must not contain/);
        expect(await writtenRows(), `${label}: written although refused`).toEqual(before);
      }),
      { numRuns: 80 },
    );
  }, 120_000);

  it('leaves the ledger balanced after all of it', async () => {
    expect(await verifyLedger(harness.database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n });
  });

  it('compares the tables’ true row counts: the kept counts equal a count of every table after all those requests and a write', async () => {
    const before = await writtenRows();
    const written = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { fullName: 'Rahima Khatun', email: 'rahima@example.com', contact: '+880 1712-345678', message: 'Is the Motijheel branch open on Saturday?' },
      headers: { origin: app.services.publicUrl },
    });
    expect(written.statusCode).toBeLessThan(300);
    const after = await writtenRows();
    expect(after.contact_message).toBe((before.contact_message ?? 0) + 1);
    const counts = sql.join(
      countedTables.map((table) => sql`(SELECT count(*)::int FROM ${sql.identifier(table)}) AS ${sql.identifier(table)}`),
      sql`, `,
    );
    const counted = (await harness.database.db.execute<Record<string, number>>(sql`SELECT ${counts}`)).rows[0];
    expect(after).toEqual(counted);
  });
});
