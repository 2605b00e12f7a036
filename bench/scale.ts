// npm run bench:scale: the transfer, a customer's statement and every staff list page over HTTP
// at 10,000 accounts and again at 1,000,000 accounts with about 10,000,000 journal postings, on
// one scratch PostgreSQL database (DATABASE_URL) grown in place; p99 at the large size against
// p99 at the small one, target at most 1.5. PGlite is measured at 10,000 accounts only: an
// embedded database of ten million postings is outside what it is for. At the large size the
// queries each endpoint ran are explained (EXPLAIN ANALYZE, BUFFERS) into SCALE_PLANS_FILE.
// Bounded: a fixed number of requests per endpoint, a few seconds of transfer load per size.
//   DATABASE_URL=postgres://… node --import tsx bench/scale.ts      (SCALE_ACCOUNTS=100000 for a quicker run)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { catalogueSeed } from '../src/server/modules/catalogue/catalogue-seed';
import { seedCatalogue } from '../src/server/modules/catalogue/catalogue.repository';
import { verifyLedger, type LedgerProblems } from '../src/server/modules/ledger/ledger';
import { bootstrapStaff } from '../src/server/modules/users/staff-bootstrap';
import { buildTestInstance, signInStaff, staffCredentials } from '../src/server/test-support/test-app';
import { createScratchDatabase } from '../src/server/test-support/test-database';
import { createHolders, driveTransfers, type Holder } from './http-transfers';
import { formatRow, type BenchRow } from './results';
import { accountCode, countRows, growBank, type BankSize, type RunSql } from './scale-seed';
import { capturedQueries, explainQueries } from './scale-plans';

const largeAccounts = Number(process.env.SCALE_ACCOUNTS ?? 1_000_000);
const small: BankSize = { accounts: 10_000, entries: 50_000 };
const large: BankSize = { accounts: largeAccounts, entries: largeAccounts * 5 };
const holderCount = 20;
const warmUpRequests = 20;
const timedRequests = 500;
const concurrentWorkers = 4;
const concurrentRequestsEach = 50;
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const pageSize = 20;
const plansFile = process.env.SCALE_PLANS_FILE ?? path.join(import.meta.dirname, 'scale-plans.md');

type Bank = { baseUrl: string; origin: string; staffCookie: string; holders: Holder[]; statementAccount: string; middleOfStatement: string };
type Endpoint = { label: string; request: (bank: Bank, sequence: number) => { method: 'GET' | 'PUT'; path: string; cookie: string; body?: unknown } };
type Latency = { p50: number; p99: number; concurrentP99: number };
type SizeFigures = {
  latencies: Map<string, Latency>;
  transfersPerSecond: number;
  loadP99: number;
  loadFailed: number;
  ledger: LedgerProblems;
  accounts: number;
  postings: number;
  longestStatement: number;
};

const staffGet = (label: string, url: string): Endpoint => ({ label, request: (bank) => ({ method: 'GET', path: url, cookie: bank.staffCookie }) });

const endpoints: Endpoint[] = [
  {
    label: 'PUT /api/userMoneyTrans, one at a time',
    request: (bank, sequence) => {
      const from = bank.holders[sequence % bank.holders.length]!;
      const to = bank.holders[(sequence + 1) % bank.holders.length]!;
      return { method: 'PUT', path: '/api/userMoneyTrans', cookie: from.cookie, body: { id: from.accountId, confirmedName: to.name, accNum: to.accountId, sendAmount: '10.00' } };
    },
  },
  {
    label: 'GET /api/accountStatement, longest statement, newest page',
    request: (bank) => ({ method: 'GET', path: `/api/accountStatement/${bank.statementAccount}?limit=50`, cookie: bank.holders[0]!.cookie }),
  },
  {
    label: 'GET /api/accountStatement, longest statement, middle page',
    request: (bank) => ({ method: 'GET', path: `/api/accountStatement/${bank.statementAccount}?limit=50&before=${bank.middleOfStatement}`, cookie: bank.holders[0]!.cookie }),
  },
  staffGet('GET /api/userAccounts, first page', `/api/userAccounts?limit=${pageSize}`),
  staffGet('GET /api/userAccounts, pending', `/api/userAccounts?status=pending&limit=${pageSize}`),
  staffGet('GET /api/userAccounts, page 101', `/api/userAccounts?limit=${pageSize}&offset=${100 * pageSize}`),
  staffGet('GET /api/dashCardReq, first page', `/api/dashCardReq?limit=${pageSize}`),
  staffGet('GET /api/dashCardReq, pending', `/api/dashCardReq?status=pending&limit=${pageSize}`),
  staffGet('GET /api/userLoanReq, first page', `/api/userLoanReq?limit=${pageSize}`),
  staffGet('GET /api/userLoanReq, pending', `/api/userLoanReq?status=pending&limit=${pageSize}`),
  staffGet('GET /api/dashDepoShow, first page', `/api/dashDepoShow?limit=${pageSize}`),
  staffGet('GET /api/dashDepoShow, pending', `/api/dashDepoShow?status=pending&limit=${pageSize}`),
  staffGet('GET /api/allUsers, first page', `/api/allUsers?limit=${pageSize}`),
  staffGet('GET /api/allUsers, disabled', `/api/allUsers?status=disabled&limit=${pageSize}`),
  staffGet('GET /api/contactMessages, first page', `/api/contactMessages?limit=${pageSize}`),
  staffGet('GET /api/auditTrail/account, longest statement', `/api/auditTrail/account/${accountCode(1)}?limit=${pageSize}`),
];

let requestSequence = 0;

async function send(bank: Bank, endpoint: Endpoint): Promise<number> {
  requestSequence += 1;
  const request = endpoint.request(bank, requestSequence);
  const headers: Record<string, string> = { cookie: request.cookie, origin: bank.origin };
  if (request.body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'idempotency-key': `scale-${process.pid}-${requestSequence}` });
  const started = performance.now();
  const response = await fetch(`${bank.baseUrl}${request.path}`, { method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${endpoint.label}: ${response.status}`);
  return elapsed;
}

const percentile = (samples: number[], fraction: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * fraction))] ?? Number.NaN;

/** Requests of one endpoint are timed in this many slices, taken in turn across the banks compared. */
const slices = 5;

/**
 * A fixed count of requests one after another, then a few at a time, for each bank: in slices
 * taken in turn (the order alternating), so that whatever else the machine does in a moment falls
 * on the sizes compared alike. p50 and p99 per bank.
 */
async function timeEndpoint(banks: Bank[], endpoint: Endpoint): Promise<Latency[]> {
  for (const bank of banks) for (let index = 0; index < warmUpRequests; index += 1) await send(bank, endpoint);
  const sequential = banks.map((): number[] => []);
  const concurrent = banks.map((): number[] => []);
  for (let slice = 0; slice < slices; slice += 1) {
    const order = banks.map((_bank, index) => index);
    if (slice % 2 === 1) order.reverse();
    for (const index of order) {
      const bank = banks[index]!;
      for (let request = 0; request < timedRequests / slices; request += 1) sequential[index]!.push(await send(bank, endpoint));
      await Promise.all(
        Array.from({ length: concurrentWorkers }, async () => {
          for (let request = 0; request < concurrentRequestsEach / slices; request += 1) concurrent[index]!.push(await send(bank, endpoint));
        }),
      );
    }
  }
  return banks.map((_bank, index) => ({ p50: percentile(sequential[index]!, 0.5), p99: percentile(sequential[index]!, 0.99), concurrentP99: percentile(concurrent[index]!, 0.99) }));
}

async function locateStatement(run: RunSql, bank: Omit<Bank, 'middleOfStatement'>): Promise<Bank> {
  const [middle] = await run(`SELECT id::text AS id FROM posting WHERE ledger_account_code = '${bank.statementAccount}'
    ORDER BY id DESC OFFSET (SELECT count(*) / 2 FROM posting WHERE ledger_account_code = '${bank.statementAccount}') LIMIT 1`);
  return { ...bank, middleOfStatement: String(middle?.id) };
}

type Measured = { run: RunSql; bank: Omit<Bank, 'middleOfStatement'>; checkLedger: () => Promise<LedgerProblems> };

/** Every endpoint on every bank, interleaved (see `timeEndpoint`), then the transfer load on each in turn. */
async function measureSizes(measured: Measured[]): Promise<SizeFigures[]> {
  const banks = await Promise.all(measured.map(({ run, bank }) => locateStatement(run, bank)));
  const latencies = banks.map(() => new Map<string, Latency>());
  for (const endpoint of endpoints) {
    const figures = await timeEndpoint(banks, endpoint);
    figures.forEach((figure, index) => latencies[index]!.set(endpoint.label, figure));
  }
  const sizes: SizeFigures[] = [];
  for (const [index, { run, checkLedger }] of measured.entries()) {
    const load = await driveTransfers(banks[index]!.baseUrl, banks[index]!.origin, banks[index]!.holders, loadSeconds);
    const rows = await countRows(run);
    sizes.push({ latencies: latencies[index]!, transfersPerSecond: load.transfersPerSecond, loadP99: load.p99Ms, loadFailed: load.failed, ledger: await checkLedger(), ...rows });
  }
  return sizes;
}

const healthy = (problems: LedgerProblems) => problems.unbalancedEntries === 0 && problems.mismatchedAccounts === 0 && problems.negativeCustomerAccounts === 0 && problems.totalBalancePoisha === 0n;

function describeSize(label: string, figures: SizeFigures, seededSeconds: number): void {
  console.log(
    `${label}: ${figures.accounts.toLocaleString('en-US')} accounts, ${figures.postings.toLocaleString('en-US')} postings, longest statement ` +
      `${figures.longestStatement.toLocaleString('en-US')} lines (seeded in ${seededSeconds.toFixed(0)} s); transfers under load ${figures.transfersPerSecond.toFixed(0)}/s, ` +
      `p99 ${figures.loadP99} ms, ${figures.loadFailed} failed; ledger ${healthy(figures.ledger) ? 'balanced' : `BROKEN ${JSON.stringify(figures.ledger, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}`}`,
  );
}

/** A server instance on `handle` with staff and signed-in customers, listening on loopback. */
async function openBank(handle: DatabaseHandle, dataDir: string) {
  await seedCatalogue(handle.db, catalogueSeed);
  const app = await buildTestInstance(handle, dataDir, { rateLimitMultiplier: 1_000_000 });
  await bootstrapStaff(handle.db, app.services.auth, { staffEmail: staffCredentials.email, staffPassword: staffCredentials.password, dataDir });
  const staffCookie = await signInStaff(app);
  const holders = await createHolders(handle, app, holderCount);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, bank: { baseUrl, origin: app.services.publicUrl, staffCookie, holders, statementAccount: accountCode(1) } };
}

/** The first holder signs in as the owner of the synthetic account with the longest statement. */
const handOverLongestStatement = (run: RunSql, holder: Holder) => run(`UPDATE bank_account SET owner_user_id = '${holder.userId}' WHERE id = '${accountCode(1)}'`);

function latencyRows(driver: string, smallFigures: SizeFigures, largeFigures: SizeFigures | undefined): BenchRow[] {
  return endpoints.map((endpoint): BenchRow => {
    const reference = smallFigures.latencies.get(endpoint.label)!;
    const measured = largeFigures?.latencies.get(endpoint.label);
    if (!measured) {
      return {
        what: `${endpoint.label}, ${driver}, ${small.accounts.toLocaleString('en-US')} accounts only`,
        figure: { value: reference.p99, unit: 'ms p99' },
        details: { p50Ms: reference.p50, concurrentP99Ms: reference.concurrentP99 },
      };
    }
    return {
      what: `${endpoint.label}, ${driver}, ${largeFigures!.accounts.toLocaleString('en-US')} accounts`,
      figure: { value: measured.p99, unit: 'ms p99' },
      details: { p50Ms: measured.p50, concurrentP99Ms: measured.concurrentP99, p50MsAtSmall: reference.p50, concurrentP99MsAtSmall: reference.concurrentP99 },
      reference: { what: `p99 at ${smallFigures.accounts.toLocaleString('en-US')} accounts`, value: reference.p99, unit: 'ms' },
      ratio: measured.p99 / reference.p99,
      target: { value: 1.5, comparison: '<=', of: 'ratio' },
    };
  });
}

async function measurePglite(): Promise<BenchRow[]> {
  const handle = await openDatabase({});
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-scale-'));
  try {
    await handle.migrate();
    const { app, bank } = await openBank(handle, dataDir);
    try {
      const run: RunSql = async (text) => (await handle.db.execute<Record<string, unknown>>(sql.raw(text))).rows;
      const started = performance.now();
      await growBank(run, undefined, small);
      await handOverLongestStatement(run, bank.holders[0]!);
      const [figures] = await measureSizes([{ run, bank, checkLedger: () => verifyLedger(handle.db) }]);
      if (!figures) throw new Error('no figures');
      describeSize('Embedded PGlite (10,000 accounts only: a million accounts and ten million postings are beyond an embedded database)', figures, (performance.now() - started) / 1000);
      return latencyRows('PGlite', figures, undefined);
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type ScaleDatabase = Measured & { url: string; close: () => Promise<void> };

/** A scratch database on the server at `serverUrl`, migrated, with its own listening server instance and a seeding connection. */
async function openScaleDatabase(serverUrl: string): Promise<ScaleDatabase> {
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: scratch.url });
  const seeder = new pg.Client({ connectionString: scratch.url, application_name: 'bank-scale-seed' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-scale-'));
  const close = async () => {
    await seeder.end().catch(() => undefined);
    await handle.close();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await handle.migrate();
    await seeder.connect();
    await seeder.query(`SET maintenance_work_mem = '512MB'; SET work_mem = '64MB'; SET synchronous_commit = off; SET statement_timeout = 0`);
    const run: RunSql = async (text) => (await seeder.query(text)).rows as Array<Record<string, unknown>>;
    const { app, bank } = await openBank(handle, dataDir);
    return {
      run,
      bank,
      url: scratch.url,
      // The application's pool stops statements at ten seconds; the whole-ledger check takes longer at ten million postings.
      checkLedger: () => verifyLedger(drizzle(seeder)),
      close: async () => {
        await app.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Two databases on the same server, one at the small size and one grown through it to the large
 * size, each with its own server instance in this process, measured in turn (see `timeEndpoint`):
 * measuring one size after the other put whatever the machine did meanwhile into the ratio.
 */
async function measurePostgres(serverUrl: string): Promise<BenchRow[]> {
  const smallBank = await openScaleDatabase(serverUrl);
  try {
    const largeBank = await openScaleDatabase(serverUrl);
    try {
      let started = performance.now();
      await growBank(smallBank.run, undefined, small);
      await handOverLongestStatement(smallBank.run, smallBank.bank.holders[0]!);
      const smallSeconds = (performance.now() - started) / 1000;
      started = performance.now();
      await growBank(largeBank.run, undefined, small);
      await growBank(largeBank.run, small, large);
      await handOverLongestStatement(largeBank.run, largeBank.bank.holders[0]!);
      const largeSeconds = (performance.now() - started) / 1000;
      const [smallFigures, largeFigures] = await measureSizes([smallBank, largeBank]);
      if (!smallFigures || !largeFigures) throw new Error('no figures');
      describeSize('PostgreSQL, small', smallFigures, smallSeconds);
      describeSize('PostgreSQL, large', largeFigures, largeSeconds);
      await writePlans(largeBank.run, largeBank.url, await locateStatement(largeBank.run, largeBank.bank));
      const transferLoad: BenchRow = {
        what: `PUT /api/userMoneyTrans under load (32 connections, ${loadSeconds} s), PostgreSQL, ${largeFigures.accounts.toLocaleString('en-US')} accounts`,
        figure: { value: largeFigures.transfersPerSecond, unit: 'transfers/s' },
        details: { p99Ms: largeFigures.loadP99, failed: largeFigures.loadFailed, p99MsAtSmall: smallFigures.loadP99, ledgerBalanced: healthy(largeFigures.ledger) && healthy(smallFigures.ledger) },
        reference: { what: `at ${smallFigures.accounts.toLocaleString('en-US')} accounts`, value: smallFigures.transfersPerSecond, unit: 'transfers/s' },
        ratio: largeFigures.transfersPerSecond / smallFigures.transfersPerSecond,
      };
      return [...latencyRows('PostgreSQL', smallFigures, largeFigures), transferLoad];
    } finally {
      await largeBank.close();
    }
  } finally {
    await smallBank.close();
  }
}

/** One request of each endpoint with its SQL captured, then each statement explained on its own connection. */
async function writePlans(run: RunSql, databaseUrl: string, bank: Bank): Promise<void> {
  const sections: string[] = [];
  const seen = new Set<string>();
  for (const endpoint of endpoints) {
    const queries = await capturedQueries(() => send(bank, endpoint));
    const key = (query: { text: string; values: unknown[] }) => `${query.text} ${JSON.stringify(query.values)}`;
    const fresh = queries.filter((query) => !seen.has(key(query)));
    for (const query of fresh) seen.add(key(query));
    sections.push(`### ${endpoint.label}\n\n${await explainQueries(databaseUrl, fresh)}`);
  }
  const [size] = await run(`SELECT (SELECT count(*) FROM bank_account)::text AS accounts, (SELECT count(*) FROM posting)::text AS postings`);
  fs.writeFileSync(
    plansFile,
    `# Query plans at ${Number(size?.accounts).toLocaleString('en-US')} accounts and ${Number(size?.postings).toLocaleString('en-US')} postings\n\n` +
      `Written by \`npm run bench:scale\` on ${new Date().toISOString().slice(0, 10)}: every statement one request of each endpoint ran ` +
      `(a statement with the same parameters already shown under an earlier endpoint is not repeated), explained with EXPLAIN (ANALYZE, BUFFERS) inside a transaction that is rolled back.\n\n${sections.join('\n')}`,
  );
  console.log(`query plans written to ${path.relative(process.cwd(), plansFile)}`);
}

export async function measureScale(): Promise<BenchRow[]> {
  const serverUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const rows = await measurePglite();
  if (!serverUrl) {
    console.log('(set DATABASE_URL=postgres://… to measure 10,000 against 1,000,000 accounts on a PostgreSQL server)');
    return rows;
  }
  process.env.DATABASE_URL = serverUrl;
  return [...rows, ...(await measurePostgres(serverUrl))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    `Scale: ${small.accounts.toLocaleString('en-US')} accounts and ${(small.entries * 2).toLocaleString('en-US')} postings, then ` +
      `${large.accounts.toLocaleString('en-US')} and about ${(large.entries * 2).toLocaleString('en-US')}; ${timedRequests} requests one at a time and ` +
      `${concurrentWorkers}×${concurrentRequestsEach} four at a time per endpoint`,
  );
  for (const row of await measureScale()) console.log(formatRow(row));
}
