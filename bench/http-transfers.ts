// Transfers over HTTP through the whole server (routing, session, validation, Idempotency-Key,
// ledger), driven by autocannon on loopback, beside a reference taken in the same run: pgbench
// TPC-B on the same PostgreSQL server. Bounded: a fixed duration per phase, on this machine only.
//   node --import tsx bench/http-transfers.ts            (PGlite, and PostgreSQL with DATABASE_URL)
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildTestInstance, cookieFrom, uploadAvatar } from '../src/server/test-support/test-app';
import { createScratchDatabase } from '../src/server/test-support/test-database';
import type { DatabaseHandle } from '../src/server/db/client';
import { insertAccount } from '../src/server/modules/accounts/accounts.repository';
import { generateAccountNumber } from '../src/server/modules/ledger/account-number';
import { bankAccounts, postJournalEntry, verifyLedger } from '../src/server/modules/ledger/ledger';
import { onEachDriver } from './each-driver';

const execFileAsync = promisify(execFile);

export const accountCount = 100;
export const connections = 32;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const fundingPoisha = 1_000_000_00n;

export type Holder = { cookie: string; accountId: string; name: string; userId: string };
export type TransferFigures = { transfersPerSecond: number; p50Ms: number; p99Ms: number; failed: number; serverCpuMsPerTransfer: number; ledgerHealthy: boolean };

/** Customers signed up through the API, each with one active account funded from the bank's cash. */
export async function createHolders(handle: DatabaseHandle, app: Awaited<ReturnType<typeof buildTestInstance>>, count = accountCount): Promise<Holder[]> {
  const holders: Holder[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `Bench Holder ${index}`;
    const email = `holder${index}.${Date.now()}@bench.test`;
    const image = await uploadAvatar(app);
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: app.services.publicUrl },
      payload: { name, email, image, password: 'a bench passphrase of some length' },
    });
    if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
    const userId = (signUp.json() as { user: { id: string } }).user.id;
    const accountId = generateAccountNumber();
    await handle.db.transaction(async (tx) => {
      await insertAccount(tx, {
        id: accountId,
        ownerUserId: userId,
        accountType: 'savings',
        holderName: name,
        email,
        phone: '+8801712345678',
        photoUrl: '/api/images/00000000-0000-0000-0000-000000000000',
        gender: 'Female',
        birthDate: '1990-01-01',
        nid: '1234567890',
        residentialArea: 'Dhaka',
        permanentArea: 'Dhaka',
        nomineeName: 'Nominee',
        nomineeNid: '9876543210',
        nomineeRelation: 'Mother',
      });
      await tx.execute(sql`UPDATE bank_account SET status = 'active' WHERE id = ${accountId}`);
      await postJournalEntry(tx, {
        movement: { kind: 'deposit', amountPoisha: String(fundingPoisha) },
        postings: [
          { accountCode: accountId, amountPoisha: fundingPoisha },
          { accountCode: bankAccounts.cash, amountPoisha: -fundingPoisha },
        ],
      });
    });
    holders.push({ cookie: cookieFrom(signUp.headers['set-cookie']), accountId, name, userId });
  }
  return holders;
}

/** Runs the load from a second process against a listening instance; every request is a new transfer with its own key. */
export async function driveTransfers(baseUrl: string, origin: string, holders: Holder[], seconds = durationSeconds): Promise<Omit<TransferFigures, 'ledgerHealthy' | 'serverCpuMsPerTransfer'>> {
  const holdersFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bank-load-')), 'holders.json');
  fs.writeFileSync(holdersFile, JSON.stringify(holders));
  const driver = path.join(import.meta.dirname, 'transfer-load.ts');
  // Asynchronous: the server answering the load lives in this process's event loop.
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', driver, holdersFile, baseUrl, origin, String(seconds), String(connections)], { encoding: 'utf8' });
  fs.rmSync(path.dirname(holdersFile), { recursive: true, force: true });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Omit<TransferFigures, 'ledgerHealthy' | 'serverCpuMsPerTransfer'>;
}

/** pgbench TPC-B, scale 10, 16 clients on 2 threads, on a scratch database of the same server. */
export function pgbenchReference(serverUrl: string, seconds = durationSeconds): Promise<number> {
  return (async () => {
    const scratch = await createScratchDatabase(serverUrl);
    try {
      execFileSync('pgbench', ['-i', '-s', '10', '-q', scratch.url], { stdio: 'ignore' });
      const output = execFileSync('pgbench', ['-c', '16', '-j', '2', '-T', String(seconds), scratch.url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      const match = /tps = ([\d.]+)/.exec(output);
      if (!match?.[1]) throw new Error(`pgbench printed no tps:\n${output}`);
      return Number(match[1]);
    } finally {
      await scratch.drop();
    }
  })();
}

export async function measureHttpTransfers(handle: DatabaseHandle): Promise<TransferFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-bench-'));
  const app = await buildTestInstance(handle, dataDir, { rateLimitMultiplier: 1_000_000 });
  try {
    const holders = await createHolders(handle, app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const profiler = process.env.BENCH_PROFILE ? await startProfiler() : undefined;
    const cpuBefore = process.cpuUsage();
    const figures = await driveTransfers(address, app.services.publicUrl, holders);
    const cpu = process.cpuUsage(cpuBefore);
    if (profiler) await profiler.stopInto(process.env.BENCH_PROFILE ?? 'transfers.cpuprofile');
    const serverCpuMsPerTransfer = (cpu.user + cpu.system) / 1000 / Math.max(1, figures.transfersPerSecond * durationSeconds);
    const problems = await verifyLedger(handle.db);
    const ledgerHealthy = problems.unbalancedEntries === 0 && problems.mismatchedAccounts === 0 && problems.negativeCustomerAccounts === 0 && problems.totalBalancePoisha === 0n;
    return { ...figures, serverCpuMsPerTransfer, ledgerHealthy };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** BENCH_PROFILE=file.cpuprofile: the server's CPU profile of the load phase alone, for Chromium's DevTools. */
export async function startProfiler(): Promise<{ stopInto: (file: string) => Promise<void> }> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stopInto: async (file) => {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const format = (figures: TransferFigures) =>
  `${figures.transfersPerSecond.toFixed(0).padStart(6)} transfers/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, server CPU ${figures.serverCpuMsPerTransfer.toFixed(2)} ms each, ${figures.failed} failed, ledger ${figures.ledgerHealthy ? 'balanced' : 'BROKEN'}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const serverUrl = process.env.DATABASE_URL;
  console.log(`PUT /api/userMoneyTrans over HTTP: ${accountCount} funded accounts, ${connections} connections, ${durationSeconds} s`);
  await onEachDriver(async (label, handle) => {
    const figures = await measureHttpTransfers(handle);
    console.log(`  ${label.padEnd(20)} ${format(figures)}`);
    if (label.startsWith('PostgreSQL') && serverUrl) {
      const reference = await pgbenchReference(serverUrl);
      console.log(`  ${'pgbench TPC-B'.padEnd(20)} ${reference.toFixed(0).padStart(6)} tps (-c 16 -j 2, scale 10, same server)`);
      console.log(`  ${'ratio'.padEnd(20)} ${(figures.transfersPerSecond / reference).toFixed(3)}`);
    }
  });
}
