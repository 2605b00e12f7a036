// npm run bench:day-close: the bank's day close over a synthetic bank, and transfers while it runs.
// PGlite at 10,000 accounts; with DATABASE_URL, PostgreSQL at 10,000 and then at DAY_CLOSE_ACCOUNTS
// (1,000,000 unless told) grown in place on one scratch database. For each size:
//   1. transfers over HTTP alone for BENCH_SECONDS (the reference of the same run);
//   2. the close of an ordinary date (accrual only), timed alone;
//   3. the close of a half-year's last date (accrual and posting with source tax), timed alone;
//   4. transfers for BENCH_SECONDS while the following dates are closed back to back.
// Targets: a date closed in under 10 s at 10,000 accounts on PGlite and under 60 s at a million on
// PostgreSQL; transfers while closing against transfers alone is reported as a ratio.
// A close's row also says the CPU seconds the database's server processes spent on it and the
// machine's load average: on a shared machine the wall time says as much about the neighbours.
// DAY_CLOSE_KEEP_DATABASE=name grows the million-account bank once into that database and keeps
// it; a later run with the same name measures it again without growing it (skipping 10,000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { addCalendarDays } from '../src/shared/dates';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { closeBusinessDate } from '../src/server/modules/day-close/day-close';
import { verifyLedger, type LedgerProblems } from '../src/server/modules/ledger/ledger';
import { buildTestInstance } from '../src/server/test-support/test-app';
import { createScratchDatabase } from '../src/server/test-support/test-database';
import { createHolders, driveTransfers, type Holder } from './http-transfers';
import { formatRow, type BenchRow } from './results';
import { growBank, type BankSize, type RunSql } from './scale-seed';

const largeAccounts = Number(process.env.DAY_CLOSE_ACCOUNTS ?? 1_000_000);
const small: BankSize = { accounts: 10_000, entries: 50_000 };
const large: BankSize = { accounts: largeAccounts, entries: largeAccounts * 5 };
const loadSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const holderCount = 20;
/** The business dates closed while transfers run stay within the second half of 2026. */
const closesUnderLoadMax = 150;
/** Synthetic postings end on 2026-01-01 and the seeded savings terms start then: June's last days are a plain date and a posting date. */
const ordinaryDate = '2026-06-29';
const postingDate = '2026-06-30';

/** Just after Dhaka's midnight ending `date`, when the timer would close it. */
const justAfter = (date: string) => new Date(`${addCalendarDays(date, 1)}T00:05:00+06:00`);

type Bank = { handle: DatabaseHandle; run: RunSql; baseUrl: string; origin: string; holders: Holder[]; checkLedger: () => Promise<LedgerProblems> };
type CloseTiming = { seconds: number; databaseCpuSeconds: number | undefined; loadAverage: number };
type SizeFigures = {
  accounts: number;
  ordinary: CloseTiming;
  posting: CloseTiming;
  accrued: number;
  posted: number;
  transfersAlone: number;
  transfersWhileClosing: number;
  datesClosedUnderLoad: number;
  secondsPerDateUnderLoad: number;
  loadFailed: number;
  ledgerBalanced: boolean;
};

const progress = (what: string) => console.error(`  [${new Date().toISOString().slice(11, 19)}] ${what}`);

const balanced = (problems: LedgerProblems) => problems.unbalancedEntries === 0 && problems.mismatchedAccounts === 0 && problems.negativeCustomerAccounts === 0 && problems.totalBalancePoisha === 0n;

async function setBusinessDate(run: RunSql, date: string): Promise<void> {
  await run(`DELETE FROM day_close_step_done WHERE business_date >= '${date}'`);
  await run(`UPDATE business_date SET business_date = '${date}'`);
}

/**
 * The CPU seconds (user and system) spent so far by the server processes connected to the bench's
 * database, read from /proc: only where the server runs on this machine and PGlite is not the
 * database (undefined otherwise). A process that ends between two readings takes its share along.
 */
async function databaseCpuSeconds(run: RunSql): Promise<Map<number, number> | undefined> {
  const ticksPerSecond = 100;
  const pids = await run(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`).catch(() => undefined);
  // PGlite answers the view with no server processes: nothing to read.
  if (!pids || pids.length === 0 || pids.some(({ pid }) => !Number(pid))) return undefined;
  const spent = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const fields =
        fs
          .readFileSync(`/proc/${Number(pid)}/stat`, 'utf8')
          .split(') ')[1]
          ?.split(' ') ?? [];
      spent.set(Number(pid), (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {
      return undefined;
    }
  }
  return spent;
}

function cpuBetween(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let seconds = 0;
  for (const [pid, total] of after) seconds += total - (before.get(pid) ?? 0);
  return seconds;
}

/** Closes `date`, which must be the business date, and says how long it took. */
async function timeClose(bank: Pick<Bank, 'handle' | 'run'>, date: string, cpu: 'measured' | 'not measured' = 'not measured'): Promise<CloseTiming> {
  const cpuBefore = cpu === 'measured' ? await databaseCpuSeconds(bank.run) : undefined;
  const started = performance.now();
  const outcome = await closeBusinessDate(bank.handle.batchDb, undefined, justAfter(date));
  if (!outcome.closed || outcome.businessDate !== date) throw new Error(`the close of ${date} did not run: ${JSON.stringify(outcome)}`);
  const seconds = (performance.now() - started) / 1000;
  const databaseCpu = cpu === 'measured' ? cpuBetween(cpuBefore, await databaseCpuSeconds(bank.run)) : undefined;
  return { seconds, databaseCpuSeconds: databaseCpu, loadAverage: os.loadavg()[0] ?? 0 };
}

async function countOf(run: RunSql, query: string): Promise<number> {
  const [row] = await run(query);
  return Number(row?.count ?? 0);
}

/** Steps 1–4 of the header on a bank already grown to its size. */
async function measureSize(bank: Bank): Promise<SizeFigures> {
  const accounts = await countOf(bank.run, `SELECT count(*)::text AS count FROM bank_account WHERE status = 'active'`);
  progress(`${accounts} active accounts: transfers alone`);
  const alone = await driveTransfers(bank.baseUrl, bank.origin, bank.holders, loadSeconds);

  await setBusinessDate(bank.run, ordinaryDate);
  await bank.run(`DELETE FROM interest_accrual WHERE business_date >= '${ordinaryDate}'`);
  progress(`closing ${ordinaryDate}`);
  const ordinary = await timeClose(bank, ordinaryDate, 'measured');
  progress(`closing ${postingDate}`);
  const accrued = await countOf(bank.run, `SELECT count(*)::text AS count FROM interest_accrual WHERE business_date = '${ordinaryDate}'`);
  const posting = await timeClose(bank, postingDate, 'measured');
  const posted = await countOf(bank.run, `SELECT count(*)::text AS count FROM interest_posting WHERE business_date = '${postingDate}'`);

  progress('transfers while closing');
  const load = { running: true };
  let datesClosed = 0;
  let closingSeconds = 0;
  const closing = (async () => {
    for (let date = addCalendarDays(postingDate, 1); load.running && datesClosed < closesUnderLoadMax; date = addCalendarDays(date, 1)) {
      closingSeconds += (await timeClose(bank, date)).seconds;
      datesClosed += 1;
      // PGlite answers in the same thread: without a turn of the event loop here, the closes would
      // chain as resolved promises and the server would never read a transfer.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const during = await driveTransfers(bank.baseUrl, bank.origin, bank.holders, loadSeconds);
  load.running = false;
  await closing;
  const ledger = await bank.checkLedger();
  return {
    accounts,
    ordinary,
    posting,
    accrued,
    posted,
    transfersAlone: alone.transfersPerSecond,
    transfersWhileClosing: during.transfersPerSecond,
    datesClosedUnderLoad: datesClosed,
    secondsPerDateUnderLoad: closingSeconds / Math.max(1, datesClosed),
    loadFailed: alone.failed + during.failed,
    ledgerBalanced: balanced(ledger),
  };
}

function rowsOf(driver: string, figures: SizeFigures, targetSeconds: number): BenchRow[] {
  const size = `${figures.accounts.toLocaleString('en-US')} active accounts`;
  const closeRow = (what: string, timing: CloseTiming, rows: number): BenchRow => ({
    what: `Day close, ${what}, ${driver}, ${size}`,
    figure: { value: Number(timing.seconds.toFixed(3)), unit: 's' },
    details: {
      accountsPerSecond: Math.round(figures.accounts / timing.seconds),
      rows,
      ...(timing.databaseCpuSeconds === undefined ? {} : { databaseCpuSeconds: Number(timing.databaseCpuSeconds.toFixed(1)) }),
      loadAverage: Number(timing.loadAverage.toFixed(1)),
      ledgerBalanced: figures.ledgerBalanced,
    },
    target: { value: targetSeconds, comparison: '<=', of: 'figure' },
  });
  return [
    closeRow('an ordinary date (accrual)', figures.ordinary, figures.accrued),
    closeRow('a half-year end (accrual, posting, source tax)', figures.posting, figures.posted),
    {
      what: `PUT /api/userMoneyTrans while dates are closed back to back, ${driver}, ${size}`,
      figure: { value: figures.transfersWhileClosing, unit: 'transfers/s' },
      details: { datesClosed: figures.datesClosedUnderLoad, secondsPerDate: Number(figures.secondsPerDateUnderLoad.toFixed(2)), failed: figures.loadFailed },
      reference: { what: 'the same transfers with no close running, same run', value: figures.transfersAlone, unit: 'transfers/s' },
      ratio: figures.transfersWhileClosing / figures.transfersAlone,
    },
  ];
}

/** A listening instance on `handle` with signed-in customers to drive transfers. */
async function openBank(handle: DatabaseHandle, run: RunSql, checkLedger: () => Promise<LedgerProblems>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-day-close-'));
  const app = await buildTestInstance(handle, dataDir, { rateLimitMultiplier: 1_000_000 });
  const holders = await createHolders(handle, app, holderCount);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const bank: Bank = { handle, run, baseUrl, origin: app.services.publicUrl, holders, checkLedger };
  return {
    bank,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measurePglite(): Promise<BenchRow[]> {
  const handle = await openDatabase({});
  try {
    await handle.migrate();
    const run: RunSql = async (text) => (await handle.db.execute<Record<string, unknown>>(sql.raw(text))).rows;
    const { bank, close } = await openBank(handle, run, () => verifyLedger(handle.db));
    try {
      progress('seeding 10,000 accounts');
      await growBank(run, undefined, small);
      const figures = await measureSize(bank);
      return rowsOf('PGlite', figures, 10);
    } finally {
      await close();
    }
  } finally {
    await handle.close();
  }
}

/** The database kept between runs when DAY_CLOSE_KEEP_DATABASE names one, created when missing. */
async function keptDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`DAY_CLOSE_KEEP_DATABASE must be a plain lower-case name, not ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: async () => undefined };
}

async function measurePostgres(serverUrl: string): Promise<BenchRow[]> {
  const keptName = process.env.DAY_CLOSE_KEEP_DATABASE;
  const scratch = keptName ? await keptDatabase(serverUrl, keptName) : await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: scratch.url });
  const seeder = new pg.Client({ connectionString: scratch.url, application_name: 'bank-day-close-seed' });
  try {
    await handle.migrate();
    await seeder.connect();
    await seeder.query(`SET maintenance_work_mem = '512MB'; SET work_mem = '64MB'; SET synchronous_commit = off; SET statement_timeout = 0`);
    const run: RunSql = async (text) => (await seeder.query(text)).rows as Array<Record<string, unknown>>;
    // The application's pool stops statements at ten seconds; the whole-ledger check takes longer at a million accounts.
    const { bank, close } = await openBank(handle, run, () => verifyLedger(drizzle(seeder)));
    try {
      const rows: BenchRow[] = [];
      const grown = await countOf(run, `SELECT count(*)::text AS count FROM bank_account`);
      if (grown < large.accounts) {
        if (grown < small.accounts) {
          await growBank(run, undefined, small);
          rows.push(...rowsOf('PostgreSQL', await measureSize(bank), 60));
        }
        const seeding = performance.now();
        await growBank(run, small, large);
        console.log(`  (grown to ${large.accounts.toLocaleString('en-US')} accounts in ${((performance.now() - seeding) / 1000).toFixed(0)} s)`);
      }
      await run('DELETE FROM interest_posting');
      await run('VACUUM ANALYZE');
      rows.push(...rowsOf('PostgreSQL', await measureSize(bank), 60));
      return rows;
    } finally {
      await close();
    }
  } finally {
    await seeder.end().catch(() => undefined);
    await handle.close();
    await scratch.drop();
  }
}

/** Every row of this benchmark: PGlite always, PostgreSQL when DATABASE_URL names a server. */
export async function measureDayClose(): Promise<BenchRow[]> {
  const serverUrl = process.env.DATABASE_URL;
  const rows = await measurePglite();
  if (serverUrl) rows.push(...(await measurePostgres(serverUrl)));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await measureDayClose()) console.log(formatRow(row));
}
