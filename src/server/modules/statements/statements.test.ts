import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementFileLinesMax, statementRangeDaysMax } from '../../../shared/constants';
import { addCalendarDays, dhakaDay } from '../../../shared/dates';
import { toBanglaDigits } from '../../../shared/digits';
import { bdtNumberToPoisha, formatBdt } from '../../../shared/money';
import type { StatementRangeAnswer } from '../../../shared/schemas/statements';
import { formatReference, parseReference } from '../../../shared/reference';
import { balanceOf, call, callWithStepUp, depositApproved, openFundedAccount, type Customer } from '../../test-support/banking';
import { emailsTo } from '../../test-support/emails';
import { embeddedFontNames, pdfText } from '../../test-support/pdf-text';
import { createTestApp, registerCustomer, signInStaff, type TestApp } from '../../test-support/test-app';
import { writeTogether } from '../../db/write-together';
import { type JournalRequest, journalWriteOf, verifyLedger } from '../ledger/ledger';

let harness: TestApp;
let staff: string;
let alice: Customer;
let bob: Customer;
let carol: Customer;
let aliceAccount: string;
let bobAccount: string;

const healthyLedger = { unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalBalancePoisha: 0n };
const today = () => dhakaDay(new Date());
/** Movements spread over this many days before today, so that ranges cut through a long history. */
const historyDays = 420;

const transfer = (from: Customer, body: Record<string, unknown>) => call(harness.app, 'PUT', '/api/userMoneyTrans', from.cookie, body);
const aliceToBob = (amount: number | string) => transfer(alice, { id: aliceAccount, confirmedName: 'Bob Hossain', accNum: bobAccount, sendAmount: amount });
const bobToAlice = (amount: number | string) => transfer(bob, { id: bobAccount, confirmedName: 'Alice Rahman', accNum: aliceAccount, sendAmount: amount });

const rangeUrl = (account: string, from: string, to: string, extra = '') => `/api/accountStatement/${account}/range?from=${from}&to=${to}${extra}`;

/** Every page of a range, following `nextAfter`. */
async function wholeRange(cookie: string, account: string, from: string, to: string): Promise<StatementRangeAnswer & { pages: number }> {
  let after: string | null = null;
  let pages = 0;
  let first: StatementRangeAnswer | undefined;
  const lines: StatementRangeAnswer['lines'] = [];
  do {
    const response = await call(harness.app, 'GET', rangeUrl(account, from, to, `&limit=10${after ? `&after=${after}` : ''}`), cookie);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as StatementRangeAnswer;
    first ??= page;
    lines.push(...page.lines);
    after = page.nextAfter;
    pages += 1;
  } while (after);
  if (!first) throw new Error('no page');
  return { ...first, lines, nextAfter: null, pages };
}

const poisha = (bdt: number | null) => (bdt === null ? 0n : bdtNumberToPoisha(bdt));

/** opening + every line = closing, the totals are the lines' sums, and each line's balance is the running one. */
function expectReconciled(statement: StatementRangeAnswer): void {
  let running = poisha(statement.openingBalance);
  let moneyIn = 0n;
  let moneyOut = 0n;
  for (const line of statement.lines) {
    running += poisha(line.credit) - poisha(line.debit);
    moneyIn += poisha(line.credit);
    moneyOut += poisha(line.debit);
    expect(poisha(line.balance), `line ${line.id}`).toBe(running);
  }
  expect(running).toBe(poisha(statement.closingBalance));
  expect(moneyIn).toBe(poisha(statement.totalIn));
  expect(moneyOut).toBe(poisha(statement.totalOut));
  expect(statement.lines).toHaveLength(statement.lineCount);
}

beforeAll(async () => {
  harness = await createTestApp();
  staff = await signInStaff(harness.app);
  alice = await registerCustomer(harness.app, { name: 'Alice Rahman' });
  bob = await registerCustomer(harness.app, { name: 'Bob Hossain' });
  carol = await registerCustomer(harness.app, { name: 'Carol Das' });
  aliceAccount = await openFundedAccount(harness.app, alice, staff, 50_000, { user: 'Alice Rahman' });
  bobAccount = await openFundedAccount(harness.app, bob, staff, 50_000, { user: 'Bob Hossain', role: 'Current' });
  for (let index = 0; index < 40; index += 1) {
    const response = index % 3 === 2 ? await bobToAlice(((10000 + index * 725) / 100).toFixed(2)) : await aliceToBob(((5550 + index * 310) / 100).toFixed(2));
    expect(response.statusCode, response.body).toBe(200);
  }
  await depositApproved(harness.app, alice, staff, aliceAccount, 1234.56);
  // Spread the history over the past `historyDays` days in posting order, the newest left at now:
  // the journal's order and its times then agree, as they do when the days pass for real.
  await harness.database.db.execute(sql`
    WITH ranked AS (SELECT id, row_number() OVER (ORDER BY id DESC) - 1 AS newer, count(*) OVER () AS total FROM posting)
    UPDATE posting p SET created_at = now() - (ranked.newer::float8 / ranked.total * ${historyDays} * interval '1 day')
    FROM ranked WHERE ranked.id = p.id`);
  await harness.database.db.execute(sql`UPDATE journal_entry j SET created_at = (SELECT min(created_at) FROM posting p WHERE p.journal_entry_id = j.id)`);
}, 120_000);
afterAll(async () => harness.close());

describe('statement for a range', () => {
  it('reconciles for random ranges: opening + lines = closing, and each closing is the next day’s opening', async () => {
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let trial = 0; trial < 12; trial += 1) {
      const from = addCalendarDays(today(), -Math.floor(random() * (historyDays + 20)));
      const span = Math.floor(random() * 120);
      const to = [addCalendarDays(from, span), today()].sort()[0] ?? today();
      const statement = await wholeRange(alice.cookie, aliceAccount, from, to);
      expectReconciled(statement);
      if (to < today()) {
        const next = await wholeRange(alice.cookie, aliceAccount, addCalendarDays(to, 1), addCalendarDays(to, 1));
        expect(next.openingBalance, `${from}..${to}`).toBe(statement.closingBalance);
      }
    }
  });

  it('closes today at the account’s balance, over a year of pages, and a range before the account has nothing', async () => {
    const statement = await wholeRange(alice.cookie, aliceAccount, addCalendarDays(today(), -(statementRangeDaysMax - 1)), today());
    expectReconciled(statement);
    expect(statement.pages).toBeGreaterThan(1);
    expect(statement.closingBalance).toBe(await balanceOf(harness.app, alice.cookie, aliceAccount));
    const older = await wholeRange(alice.cookie, aliceAccount, addCalendarDays(today(), -(historyDays + 60)), addCalendarDays(today(), -(historyDays + 10)));
    expect(older).toMatchObject({ openingBalance: 0, closingBalance: 0, totalIn: 0, totalOut: 0, lineCount: 0, lines: [] });
    expect(await verifyLedger(harness.database.db)).toEqual(healthyLedger);
  });

  it('refuses a bad range with a 400 naming the field, on every format', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['to=2026-01-01', 'from', /From date is required/],
      [`from=${today()}`, 'to', /To date is required/],
      ['from=01/11/2026&to=2026-11-02', 'from', /like 2026-11-01/],
      ['from=2026-02-30&to=2026-03-02', 'from', /not a real date/],
      ['from=0000-01-01&to=0000-01-02', 'from', /years 2000 to 2100/],
      ['from=0001-01-01&to=2026-01-01', 'from', /years 2000 to 2100/],
      [`from=${today()}&to=${addCalendarDays(today(), -1)}`, 'to', /on or after/],
      [`from=${today()}&to=${addCalendarDays(today(), 1)}`, 'to', /future/],
      [`from=${addCalendarDays(today(), 2)}&to=${addCalendarDays(today(), 3)}`, 'from', /future/],
      [`from=${addCalendarDays(today(), -statementRangeDaysMax)}&to=${today()}`, 'to', /at most 366 days/],
      [`from=${today()}&to=${today()}&limit=0`, 'limit', /at least 1/],
      [`from=${today()}&to=${today()}&after=x`, 'after', /statement line id/],
    ];
    for (const [query, field, message] of cases) {
      const formats = field === 'limit' || field === 'after' ? [''] : ['', '/csv', '/pdf'];
      for (const format of formats) {
        const response = await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/range${format}?${query}`, alice.cookie);
        expect(response.statusCode, `${format} ${query}`).toBe(400);
        expect(response.json().error.fields[field], `${format} ${query}: ${response.body}`).toMatch(message);
      }
    }
  });

  it('never answers 500 to any value of any range parameter', async () => {
    const values = ['', '-1', '0', '1e3', '99999999999999999999', 'NaN', '2026-13-01', '0000-00-00', '9999-12-31', 'x'.repeat(3_000), '%00', '[]', '2026-11-01T00:00'];
    for (const parameter of ['from', 'to', 'limit', 'after']) {
      for (const value of values) {
        const query = new URLSearchParams({ from: addCalendarDays(today(), -5), to: today() });
        query.set(parameter, value);
        for (const format of ['', '/csv']) {
          const response = await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/range${format}?${query.toString()}`, alice.cookie);
          expect(response.statusCode, `${parameter}=${value.slice(0, 20)}`).toBeLessThan(500);
        }
      }
    }
    const repeated = await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/range?from=${today()}&from=${today()}&to=${today()}`, alice.cookie);
    expect(repeated.statusCode).toBeLessThan(500);
  });

  it('answers another customer’s account exactly like a missing one, and lets staff read any', async () => {
    const range = `from=${addCalendarDays(today(), -30)}&to=${today()}`;
    for (const format of ['', '/csv', '/pdf']) {
      const foreign = await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/range${format}?${range}`, carol.cookie);
      const missing = await call(harness.app, 'GET', `/api/accountStatement/1000000000000/range${format}?${range}`, carol.cookie);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
      expect((await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/range${format}?${range}`, undefined)).statusCode).toBe(401);
    }
    const asStaff = await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/range?${range}`, staff);
    expect(asStaff.statusCode).toBe(200);
  });
});

describe('statement files', () => {
  it('writes the range as CSV with Dhaka times, opening and closing rows, and defused formulas', async () => {
    const mallory = await registerCustomer(harness.app, { name: 'Mallory Khan' });
    const account = await openFundedAccount(harness.app, mallory, staff, 700, { user: '=HYPERLINK("http://evil")' });
    const from = addCalendarDays(today(), -3);
    const response = await call(harness.app, 'GET', `/api/accountStatement/${account}/range/csv?from=${from}&to=${today()}`, mallory.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement-${account}-${from}-to-${today()}.csv"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const rows = response.body.trimEnd().split('\r\n');
    expect(rows[0]).toBe(`"Account","••••${account.slice(-4)}","'=HYPERLINK(""http://evil"")","","",""`);
    expect(rows[2]).toBe('"Date","Description","Debit (BDT)","Credit (BDT)","Balance (BDT)","Reference"');
    expect(rows[3]).toBe(`"${from}","Opening balance","","","0.00",""`);
    expect(rows[4]).toMatch(/^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+06:00","[^"]*","","700.00","700.00","[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}"$/);
    expect(rows.at(-1)).toBe(`"${today()}","Closing balance","0.00","700.00","700.00",""`);
  });

  it('makes a PDF with the masked number, the closing balance and numbered pages', async () => {
    const from = addCalendarDays(today(), -(statementRangeDaysMax - 1));
    const response = await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/range/pdf?from=${from}&to=${today()}`, alice.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    const balance = await balanceOf(harness.app, alice.cookie, aliceAccount);
    expect(text).toContain(`••••${aliceAccount.slice(-4)}`);
    expect(text).not.toContain(aliceAccount);
    expect(text).toContain(formatBdt(bdtNumberToPoisha(balance)));
    expect(text).toContain('Alice Rahman');
    expect(text).toContain('Padma Bank');
    expect(text).toMatch(/Page 1 of [2-9]/);
    expect(text).toMatch(/Generated \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Dhaka time\)/);
  });
});

describe('long statements', () => {
  let frank: Customer;
  let frankAccount: string;
  let grace: Customer;
  let graceAccount: string;
  const bulkTransferPoisha = 100n;

  // Frank pays Grace 1.00 BDT 4,999 times, written by the ledger in one journal write: with the
  // deposit that opened each account, both statements hold exactly `statementFileLinesMax` lines.
  beforeAll(async () => {
    frank = await registerCustomer(harness.app, { name: 'Frank Sarkar' });
    grace = await registerCustomer(harness.app, { name: 'Grace Mondal' });
    frankAccount = await openFundedAccount(harness.app, frank, staff, 10_000, { user: 'Frank Sarkar' });
    graceAccount = await openFundedAccount(harness.app, grace, staff, 1, { user: 'Grace Mondal' });
    const movement = {
      kind: 'transfer',
      amountPoisha: String(bulkTransferPoisha),
      fromAccountId: frankAccount,
      fromHolder: 'Frank Sarkar',
      toAccountId: graceAccount,
      toHolder: 'Grace Mondal',
    } as const;
    const transfers: JournalRequest[] = Array.from({ length: statementFileLinesMax - 1 }, () => ({
      movement,
      postings: [
        { accountCode: frankAccount, amountPoisha: -bulkTransferPoisha },
        { accountCode: graceAccount, amountPoisha: bulkTransferPoisha },
      ],
    }));
    await harness.database.db.transaction(async (tx) => {
      const journal = await journalWriteOf(tx, transfers);
      await writeTogether(tx, [journal.write]);
    });
    expect(await verifyLedger(harness.database.db)).toEqual(healthyLedger);
  }, 120_000);

  const graceTodayCsv = () => call(harness.app, 'GET', `/api/accountStatement/${graceAccount}/range/csv?from=${today()}&to=${today()}`, grace.cookie);

  /** The period's CSV's lines between its opening and closing rows, each as its six unquoted fields. */
  async function periodCsv(): Promise<{ rows: string[][]; body: string; cacheControl: unknown }> {
    const response = await graceTodayCsv();
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const [, , header, , ...rest] = response.body.trimEnd().split('\r\n');
    expect(header).toBe('"Date","Description","Debit (BDT)","Credit (BDT)","Balance (BDT)","Reference"');
    return { rows: rest.slice(0, -1).map((row) => row.slice(1, -1).split('","')), body: response.body, cacheControl: response.headers['cache-control'] };
  }

  it('gives every line of a period as CSV, up to the bound, with every account number masked', async () => {
    const { rows, body, cacheControl } = await periodCsv();
    expect(rows).toHaveLength(statementFileLinesMax);
    expect(body).not.toMatch(/\d{13}/);
    expect(cacheControl).toBe('private, no-store');
    const balances = rows.map((row) => bdtNumberToPoisha(Number(row[4])));
    balances.forEach((balance, index) => expect(balance, `row ${index}`).toBe(100n + bulkTransferPoisha * BigInt(index)));
    expect(balances.at(-1)).toBe(bdtNumberToPoisha(await balanceOf(harness.app, grace.cookie, graceAccount)));
    expect(rows.at(-1)?.[1]).toBe(`Transfer of 1.00 BDT from Frank Sarkar (••••${frankAccount.slice(-4)}) to Grace Mondal (••••${graceAccount.slice(-4)})`);
    expect(rows[0]?.slice(2, 5)).toEqual(['', '1.00', '1.00']);
  });

  it('refuses a period longer than a file may hold instead of cutting it, and the retired whole-history CSV answers 410', async () => {
    const paid = await transfer(alice, { id: aliceAccount, confirmedName: 'Grace Mondal', accNum: graceAccount, sendAmount: 10 });
    expect(paid.statusCode, paid.body).toBe(200);
    const refused = await graceTodayCsv();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.to).toMatch(new RegExp(`more than ${statementFileLinesMax} transactions: choose a shorter range`));
    // Retired for everyone alike: the owner, a stranger and a visitor learn nothing about the account.
    for (const cookie of [grace.cookie, frank.cookie, undefined]) {
      const retired = await call(harness.app, 'GET', `/api/accountStatement/${graceAccount}/csv`, cookie);
      expect(retired.statusCode).toBe(410);
      expect(retired.body).not.toContain('Grace');
    }
    const document = (await call(harness.app, 'GET', '/api/openapi.json', undefined)).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/api/accountStatement/{id}/csv');
    expect(Object.keys(document.paths)).toContain('/api/accountStatement/{id}/range/csv');
  });

  it('draws a 5,000-line PDF in slices: other requests are answered meanwhile and the event loop never stalls long', async () => {
    const url = (day: string) => `/api/accountStatement/${frankAccount}/range/pdf?from=${day}&to=${day}`;
    // A first, empty statement loads pdfkit, so that loading the module is not counted as drawing.
    expect((await call(harness.app, 'GET', url(addCalendarDays(today(), -1)), frank.cookie)).statusCode).toBe(200);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // The monitor's first tick only sets its baseline: a stall before it would go unmeasured.
    await new Promise((resolve) => setTimeout(resolve, 30));
    let drawing = true;
    const pdf = call(harness.app, 'GET', url(today()), frank.cookie).finally(() => {
      drawing = false;
    });
    let answeredMeanwhile = 0;
    while (drawing) {
      const health = await harness.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      if (drawing) answeredMeanwhile += 1;
      // Paced, so that the probe measures the drawing rather than competing with it.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    delay.disable();
    const response = await pdf;
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(/Page 1 of (\d{3})/);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).not.toMatch(/\d{13}/);
    expect(text.match(/Transfer of 1\.00 BDT/g)).toHaveLength(statementFileLinesMax - 1);
    const longestStallMs = delay.max / 1e6;
    expect(longestStallMs, `event loop stalled ${longestStallMs.toFixed(0)} ms`).toBeLessThan(400);
    expect(answeredMeanwhile).toBeGreaterThan(2);
  });
});

describe('transfer receipt', () => {
  it('gives the sender a receipt with the balance after, the receiver one without, and nobody else any', async () => {
    const sent = await aliceToBob(321.45);
    expect(sent.statusCode).toBe(200);
    const { insertedId: entryId, reference } = sent.json() as { insertedId: string; reference: string };
    const url = `/api/transferReceipt/${entryId}/pdf`;

    const forSender = await call(harness.app, 'GET', url, alice.cookie);
    expect(forSender.statusCode).toBe(200);
    expect(forSender.headers['content-type']).toBe('application/pdf');
    expect(forSender.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const senderText = pdfText(forSender.rawPayload);
    expect(senderText).toContain(reference);
    expect(senderText).toContain('321.45 BDT');
    expect(senderText).toContain(`Alice Rahman (••••${aliceAccount.slice(-4)})`);
    expect(senderText).toContain(`Bob Hossain (••••${bobAccount.slice(-4)})`);
    expect(senderText).toContain('Your balance after the transfer');
    expect(senderText).toContain(formatBdt(bdtNumberToPoisha(await balanceOf(harness.app, alice.cookie, aliceAccount))));

    const forReceiver = await call(harness.app, 'GET', url, bob.cookie);
    expect(forReceiver.statusCode).toBe(200);
    const receiverText = pdfText(forReceiver.rawPayload);
    expect(receiverText).toContain('321.45 BDT');
    expect(receiverText).not.toContain('balance after');

    const missing = await call(harness.app, 'GET', '/api/transferReceipt/00000000-0000-4000-8000-000000000000/pdf', carol.cookie);
    expect(missing.statusCode).toBe(404);
    for (const stranger of [carol.cookie, staff]) {
      const response = await call(harness.app, 'GET', url, stranger);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(missing.body);
    }
    expect((await call(harness.app, 'GET', url, undefined)).statusCode).toBe(401);
  });

  it('has no receipt for a deposit, and refuses a malformed reference naming it', async () => {
    const statement = await wholeRange(alice.cookie, aliceAccount, today(), today());
    const deposit = statement.lines.find((line) => line.kind === 'deposit');
    const line = deposit ?? (await wholeRange(alice.cookie, aliceAccount, addCalendarDays(today(), -(statementRangeDaysMax - 1)), today())).lines.find((each) => each.kind === 'deposit');
    expect(line).toBeDefined();
    expect((await call(harness.app, 'GET', `/api/transferReceipt/${line?.entryId}/pdf`, alice.cookie)).statusCode).toBe(404);
    const malformed = await call(harness.app, 'GET', '/api/transferReceipt/not-a-reference/pdf', alice.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.entryId).toMatch(/transfer reference/);
  });
});

describe('one short reference for each movement', () => {
  const referenceShape = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

  /** The statement's line of one journal entry, in the JSON, CSV and PDF of today for `account`. */
  async function everyStatementOf(customer: Customer, account: string, entryId: string) {
    const json = await wholeRange(customer.cookie, account, today(), today());
    const line = json.lines.find((each) => each.entryId === entryId);
    const csv = await call(harness.app, 'GET', `/api/accountStatement/${account}/range/csv?from=${today()}&to=${today()}`, customer.cookie);
    const pdf = await call(harness.app, 'GET', `/api/accountStatement/${account}/range/pdf?from=${today()}&to=${today()}`, customer.cookie);
    expect([csv.statusCode, pdf.statusCode]).toEqual([200, 200]);
    return { line, csv: csv.body, pdf: pdfText(pdf.rawPayload) };
  }

  async function toldOf(userId: string, kind: string) {
    await harness.app.services.notices.settled();
    const notes = await harness.database.db.execute<{ params: unknown }>(sql`SELECT params FROM notification WHERE user_id = ${userId} AND kind = ${kind} ORDER BY created_at DESC, id DESC LIMIT 1`);
    const raw = notes.rows[0]?.params;
    const params = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, string> | undefined;
    const mails = (await emailsTo(harness.database.db, userId)).filter((mail) => mail.kind === kind);
    return { reference: params?.reference, mail: mails.at(-1)?.body ?? '' };
  }

  it('is the same on the transfer’s answer, both statements as JSON, CSV and PDF, the receipt, the notifications and the e-mails', async () => {
    const sent = await aliceToBob(77.7);
    expect(sent.statusCode).toBe(200);
    const { insertedId: entryId, reference } = sent.json() as { insertedId: string; reference: string };
    expect(reference).toMatch(referenceShape);
    const stored = parseReference(reference);
    expect(stored && formatReference(stored)).toBe(reference);

    for (const [customer, account] of [
      [alice, aliceAccount],
      [bob, bobAccount],
    ] as const) {
      const { line, csv, pdf } = await everyStatementOf(customer, account, entryId);
      expect(line?.reference).toBe(reference);
      expect(csv.split('\r\n').filter((row) => row.includes(`"${reference}"`))).toHaveLength(1);
      expect(pdf).toContain(reference);
      const receipt = await call(harness.app, 'GET', `/api/transferReceipt/${entryId}/pdf`, customer.cookie);
      expect(pdfText(receipt.rawPayload)).toContain(reference);
      expect(receipt.headers['content-disposition']).toContain(`receipt-${reference}.pdf`);
    }
    const [out, into] = [await toldOf(alice.userId, 'transfer-out'), await toldOf(bob.userId, 'transfer-in')];
    expect([out.reference, into.reference]).toEqual([stored, stored]);
    // Alice sent many transfers in a short while: her e-mail tells of them as a group, with the latest's reference.
    expect(out.mail).toContain(`Reference of the latest: ${reference}`);
    expect(into.mail).toContain(reference);
  });

  it('is given when a deposit is asked for, kept while it waits, and carried by its credit and its notice', async () => {
    const asked = await call(harness.app, 'PUT', '/api/depositReq', carol.cookie, { accNum: await openFundedAccount(harness.app, carol, staff, 0, { user: 'Carol Das' }), depositAmount: 250 });
    expect(asked.statusCode, asked.body).toBe(200);
    const { insertedId: depositId, reference } = asked.json() as { insertedId: string; reference: string };
    expect(reference).toMatch(referenceShape);
    const waiting = (await call(harness.app, 'GET', '/api/myDeposits', carol.cookie)).json() as Array<{ _id: string; reference: string; accNum: string; depStatus: string }>;
    const mine = waiting.find((deposit) => deposit._id === depositId);
    expect(mine).toMatchObject({ reference, depStatus: 'pending' });
    const staffList = (await call(harness.app, 'GET', '/api/dashDepoShow?status=pending', staff)).json() as Array<{ _id: string; reference: string }>;
    expect(staffList.find((deposit) => deposit._id === depositId)?.reference).toBe(reference);

    const approved = await callWithStepUp(harness.app, 'PUT', '/api/userDepositUpdate', staff, { id: depositId, accNum: mine?.accNum });
    expect(approved.statusCode, approved.body).toBe(200);
    const statement = await wholeRange(carol.cookie, mine?.accNum ?? '', today(), today());
    expect(statement.lines.map((line) => line.reference)).toEqual([reference]);
    const { line, csv, pdf } = await everyStatementOf(carol, mine?.accNum ?? '', statement.lines[0]?.entryId ?? '');
    expect(line?.reference).toBe(reference);
    expect(csv).toContain(`"${reference}"`);
    expect(pdf).toContain(reference);
    const told = await toldOf(carol.userId, 'request-approved');
    expect(told.reference).toBe(parseReference(reference));
    expect(told.mail).toContain(`Reference: ${reference}`);
  });
});

describe('PDF throttling', () => {
  it('draws at most 60 PDFs an hour for one user, then answers 429 with Retry-After', async () => {
    const dave = await registerCustomer(harness.app, { name: 'Dave Barua' });
    const account = await openFundedAccount(harness.app, dave, staff, 100, { user: 'Dave Barua' });
    const url = `/api/accountStatement/${account}/range/pdf?from=${today()}&to=${today()}`;
    for (let index = 0; index < 60; index += 1) expect((await call(harness.app, 'GET', url, dave.cookie)).statusCode).toBe(200);
    const refused = await call(harness.app, 'GET', url, dave.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The CSV costs little and is not throttled.
    expect((await call(harness.app, 'GET', url.replace('/pdf', '/csv'), dave.cookie)).statusCode).toBe(200);
  }, 120_000);
});

describe('statements while money moves', () => {
  it('every statement read among 50 parallel requests reconciles and the ledger stays clean', async () => {
    const before = await balanceOf(harness.app, alice.cookie, aliceAccount);
    const requests = Array.from({ length: 50 }, (_, index) =>
      index % 2 === 0
        ? aliceToBob(10).then((response) => ({ transfer: response.statusCode }))
        : call(harness.app, 'GET', rangeUrl(aliceAccount, addCalendarDays(today(), -2), today(), '&limit=200'), alice.cookie).then((response) => ({
            statement: response.json() as StatementRangeAnswer,
          })),
    );
    const outcomes = await Promise.all(requests);
    for (const outcome of outcomes) {
      if ('transfer' in outcome) expect(outcome.transfer).toBe(200);
      else expectReconciled(outcome.statement);
    }
    const after = await wholeRange(alice.cookie, aliceAccount, today(), today());
    expect(after.closingBalance).toBe(await balanceOf(harness.app, alice.cookie, aliceAccount));
    expect(poisha(before) - poisha(after.closingBalance)).toBe(25n * 1000n);
    expect(await verifyLedger(harness.database.db)).toEqual(healthyLedger);
  });
});

describe('documents in the reader’s language', () => {
  it('writes a Bangla reader’s statement, CSV, PDF and receipt in Bangla, the name drawn in an embedded Bengali font', async () => {
    const name = 'আলম বাবর';
    const alam = await registerCustomer(harness.app, { name: 'Alam Babor' });
    const account = await openFundedAccount(harness.app, alam, staff, 1500, { user: name });
    const sent = await transfer(alice, { id: aliceAccount, confirmedName: name, accNum: account, sendAmount: 250 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call(harness.app, 'PUT', '/api/me/language', alam.cookie, { language: 'bn' })).statusCode).toBe(200);
    const bangla = (text: string) => toBanglaDigits(text);

    // On screen (JSON): the words in Bangla and Bangla digits, and the data they were written from.
    const page = (await call(harness.app, 'GET', rangeUrl(account, today(), today()), alam.cookie)).json() as StatementRangeAnswer;
    const transferWords = `স্থানান্তর: ২৫০.০০ টাকা, Alice Rahman (${bangla(aliceAccount)}) থেকে ${name} (${bangla(account)})-এর হিসাবে`;
    expect(page.lines.map((line) => line.description)).toEqual(['নগদ জমা: ১,৫০০.০০ টাকা', transferWords]);
    expect(page.lines[1]?.movement).toEqual({ kind: 'transfer', amountPoisha: '25000', fromAccountId: aliceAccount, fromHolder: 'Alice Rahman', toAccountId: account, toHolder: name });
    // The sender, who reads English, gets the same line in English, the Bangla name kept.
    const aliceLines = (await wholeRange(alice.cookie, aliceAccount, today(), today())).lines;
    expect(aliceLines.at(-1)?.description).toBe(`Transfer of 250.00 BDT from Alice Rahman (${aliceAccount}) to ${name} (${account})`);

    // CSV: the reader's language by default, another when asked; account numbers masked, amounts in ASCII.
    const csvUrl = `/api/accountStatement/${account}/range/csv?from=${today()}&to=${today()}`;
    const csv = (await call(harness.app, 'GET', csvUrl, alam.cookie)).body;
    expect(csv).toContain('"নগদ জমা: ১,৫০০.০০ টাকা","","1500.00","1500.00"');
    expect(csv).toContain(`(••••${bangla(account.slice(-4))})-এর হিসাবে`);
    expect(csv).toContain('"বিবরণ"');
    expect((await call(harness.app, 'GET', `${csvUrl}&language=en`, alam.cookie)).body).toContain('"Cash deposit of 1,500.00 BDT"');

    // PDF: Noto Sans Bengali embedded, the holder's name and the closing balance in Bangla, no "?".
    const pdf = await call(harness.app, 'GET', `/api/accountStatement/${account}/range/pdf?from=${today()}&to=${today()}`, alam.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(embeddedFontNames(pdf.rawPayload).sort()).toEqual(['NotoSansBengali-Bold', 'NotoSansBengali-Regular']);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(name);
    expect(text).toContain('পদ্মা ব্যাংক');
    expect(text).toContain('১,৭৫০.০০ টাকা');
    expect(text).not.toContain('?');
    expect(text).not.toMatch(/BDT|Opening balance/);

    const receipt = await call(harness.app, 'GET', `/api/transferReceipt/${sent.json().insertedId as string}/pdf`, alam.cookie);
    expect(receipt.statusCode).toBe(200);
    const receiptText = pdfText(receipt.rawPayload);
    expect(receiptText).toContain(`${name} (••••${bangla(account.slice(-4))})`);
    expect(receiptText).toContain('২৫০.০০ টাকা');
    // The same receipt for the English-reading sender: English words, the Bangla name still drawn.
    const forAlice = pdfText((await call(harness.app, 'GET', `/api/transferReceipt/${sent.json().insertedId as string}/pdf`, alice.cookie)).rawPayload);
    expect(forAlice).toContain('250.00 BDT');
    expect(forAlice).toContain(name);
    expect(forAlice).not.toContain('?');
  });

  it('refuses a document language it does not offer with 400 naming the field', async () => {
    const refused = await call(harness.app, 'GET', `/api/accountStatement/${aliceAccount}/range/pdf?from=${today()}&to=${today()}&language=fr`, alice.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.language).toMatch(/Language must be en or bn/);
  });
});
