// Payments to other banks end to end: NPSB payments confirmed over HTTP (POST /api/payments) until
// the clearing house has settled them and the bank has applied its answer (the payment `settled`),
// beside a reference taken in the same run on the same database: in-bank transfers over HTTP
// (bench/http-transfers.ts's measure). Twice: with the embedded switch, in the server's process
// (what `npm start` runs without CLEARING_URL), and with the switch as its own process
// (`npm run clearing`'s program, reached at CLEARING_URL). The outbox worker runs on its one-second
// round and is kicked after each payment, as in production. Bounded: a fixed count of payments and
// a time cap for each; loopback only. On PostgreSQL with DATABASE_URL, else on PGlite.
//   node --import tsx bench/payments.ts        (npm run bench:payments)
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/server/db/client';
import { verifyLedger } from '../src/server/modules/ledger/ledger';
import { outboxSweepIntervalMs } from '../src/server/modules/payments/clearing-worker';
import { buildTestInstance } from '../src/server/test-support/test-app';
import { createTestDatabase } from '../src/server/test-support/test-database';
import type { PaymentQuoteAnswer } from '../src/shared/schemas/payment-answers';
import { findFreePort } from '../tests/support/free-port';
import { startSwitchProcess, type SwitchProcess } from '../tests/support/payments-workload';
import { createHolders, measureHttpTransfers, startProfiler, type TransferFigures } from './http-transfers';

const execFileAsync = promisify(execFile);

export const paymentCount = Number(process.env.BENCH_PAYMENTS ?? 600);
export const paymentConnections = 16;
const payerCount = 32;
/** However slow the machine, the run stops waiting for settlements after this long. */
const settleWaitMs = 120_000;
/** Receivers at other banks the switch knows (src/clearing-house/holders.ts), paid over NPSB. */
const receivers = [
  { receiverParticipant: 'DBBL', receiverAccount: '1011100012345' },
  { receiverParticipant: 'BRAC', receiverAccount: '1501200012345001' },
  { receiverParticipant: 'CITY', receiverAccount: '2301234567001' },
  { receiverParticipant: 'SONALI', receiverAccount: '0002633054321' },
];

export type PaymentFigures = { paymentsPerSecond: number; p50Ms: number; p99Ms: number; settled: number; failed: number; serverCpuMsPerPayment: number; ledgerHealthy: boolean };

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;

/** The masked name each receiver is confirmed with, from one quote each (as a customer's app asks before paying). */
async function confirmedNames(baseUrl: string, origin: string, cookie: string, accountId: string): Promise<string[]> {
  return Promise.all(
    receivers.map(async (receiver) => {
      const response = await fetch(`${baseUrl}/api/payments/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify({ accountId, ...receiver, amount: '10.00' }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`quote failed: ${response.status} ${text}`);
      return (JSON.parse(text) as PaymentQuoteAnswer).receiver.maskedName;
    }),
  );
}

/** Waits until none of the confirmed payments is on its way; answers when each of `ids` settled (epoch ms, the database's clock), by id. */
async function settledTimes(handle: DatabaseHandle, ids: string[]): Promise<Map<string, number>> {
  const startedAt = performance.now();
  for (;;) {
    const open = await handle.db.execute<{ open: number }>(sql`SELECT count(*)::int AS open FROM payment WHERE status IN ('sending', 'accepted')`);
    if ((open.rows[0]?.open ?? 0) === 0 || performance.now() - startedAt > settleWaitMs) break;
    await sleep(100);
  }
  if (ids.length === 0) return new Map();
  const result = await handle.db.execute<{ id: string; at: string }>(
    sql`SELECT payment_id::text AS id, (extract(epoch FROM at) * 1000)::float8::text AS at FROM payment_event
      WHERE status = 'settled' AND payment_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return new Map(result.rows.map((row) => [row.id, Number(row.at)]));
}

/** Where the switch runs: in the server's process, or as its own. */
export type SwitchPlace = 'embedded' | 'process';

/** The bank's server in this process, and the switch where `place` says, delivering to the bank's port. */
async function startBank(handle: DatabaseHandle, dataDir: string, place: SwitchPlace) {
  const port = await findFreePort();
  let switchProcess: SwitchProcess | undefined;
  if (place === 'process') {
    const key = randomBytes(32).toString('hex');
    switchProcess = await startSwitchProcess({ dataDir: path.join(dataDir, 'clearing-house'), key, bankInboundUrl: `http://127.0.0.1:${port}/api/clearing/inbound` });
  }
  const app = await buildTestInstance(handle, dataDir, {
    rateLimitMultiplier: 1_000_000,
    clearing: { startEmbedded: 'now', workerIntervalMs: outboxSweepIntervalMs, embeddedTickMs: 250 },
    ...(switchProcess ? { clearingUrl: switchProcess.baseUrl, clearingKey: switchProcess.key } : {}),
  });
  return { app, port, switchProcess };
}

export async function measurePayments(handle: DatabaseHandle, place: SwitchPlace): Promise<PaymentFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-bench-payments-'));
  const { app, port, switchProcess } = await startBank(handle, dataDir, place);
  const ordersFile = path.join(dataDir, 'orders.json');
  try {
    const holders = await createHolders(handle, app, payerCount);
    const baseUrl = await app.listen({ port, host: '127.0.0.1' });
    const origin = app.services.publicUrl;
    const names = await confirmedNames(baseUrl, origin, holders[0]!.cookie, holders[0]!.accountId);
    // Customer by customer in turn, so that the payments confirmed at one moment are different
    // customers' (one customer's app confirms one payment at a time).
    const orders = receivers.flatMap((receiver, index) =>
      holders.map((holder) => ({ cookie: holder.cookie, body: { accountId: holder.accountId, ...receiver, amount: '10.00', confirmedName: names[index], rail: 'NPSB' } })),
    );
    fs.writeFileSync(ordersFile, JSON.stringify(orders));
    const driver = path.join(import.meta.dirname, 'payment-load.ts');
    // BENCH_PAYMENTS_PROFILE=file.cpuprofile: the server's CPU profile (with the embedded switch) from the first confirm to the last settlement.
    const profiler = process.env.BENCH_PAYMENTS_PROFILE ? await startProfiler() : undefined;
    const cpuBefore = process.cpuUsage();
    // Asynchronous: the server answering the load lives in this process's event loop.
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', driver, ordersFile, baseUrl, origin, String(paymentCount), String(paymentConnections)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const load = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { confirmed: Array<{ id: string; sentAtMs: number }>; failures: string[] };
    const settled = await settledTimes(
      handle,
      load.confirmed.map((payment) => payment.id),
    );
    const cpu = process.cpuUsage(cpuBefore);
    if (profiler) await profiler.stopInto(process.env.BENCH_PAYMENTS_PROFILE ?? 'payments.cpuprofile');
    const latencies = load.confirmed.flatMap((payment) => {
      const at = settled.get(payment.id);
      return at === undefined ? [] : [at - payment.sentAtMs];
    });
    latencies.sort((a, b) => a - b);
    const firstSentMs = Math.min(...load.confirmed.map((payment) => payment.sentAtMs));
    const lastSettledMs = Math.max(...settled.values());
    const problems = await verifyLedger(handle.db);
    return {
      paymentsPerSecond: settled.size / ((lastSettledMs - firstSentMs) / 1000),
      p50Ms: Math.round(percentile(latencies, 0.5)),
      p99Ms: Math.round(percentile(latencies, 0.99)),
      settled: settled.size,
      failed: load.failures.length + (load.confirmed.length - settled.size),
      // The bank's process (and the switch, when embedded), from the first confirm to the last settlement.
      serverCpuMsPerPayment: (cpu.user + cpu.system) / 1000 / Math.max(1, settled.size),
      ledgerHealthy: problems.unbalancedEntries === 0 && problems.mismatchedAccounts === 0 && problems.negativeCustomerAccounts === 0 && problems.totalBalancePoisha === 0n,
    };
  } finally {
    await app.close();
    await switchProcess?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The reference and both placements of the switch on one fresh database of the driver DATABASE_URL names (PGlite without it), the reference first. */
export async function measurePaymentsWithReference(): Promise<{ driver: string; transfers: TransferFigures; embedded: PaymentFigures; process: PaymentFigures }> {
  const handle = await createTestDatabase();
  try {
    const transfers = await measureHttpTransfers(handle);
    const embedded = await measurePayments(handle, 'embedded');
    const separate = await measurePayments(handle, 'process');
    return { driver: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite', transfers, embedded, process: separate };
  } finally {
    await handle.close();
  }
}

export const formatPayments = (figures: PaymentFigures) =>
  `${figures.paymentsPerSecond.toFixed(1).padStart(7)} payments/s settled, confirm → settled p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, server CPU ${figures.serverCpuMsPerPayment.toFixed(2)} ms each, ${figures.settled} settled, ${figures.failed} failed, ledger ${figures.ledgerHealthy ? 'balanced' : 'BROKEN'}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`NPSB payments, HTTP confirm → settled at the switch: ${paymentCount} payments from ${payerCount} customers, ${paymentConnections} connections`);
  const result = await measurePaymentsWithReference();
  const ratio = (figures: PaymentFigures) => (figures.paymentsPerSecond / result.transfers.transfersPerSecond).toFixed(3);
  console.log(
    `  ${`in-bank transfers`.padEnd(30)} ${result.transfers.transfersPerSecond.toFixed(1).padStart(7)} transfers/s (bench/http-transfers.ts, ${result.driver}, same run), p99 ${result.transfers.p99Ms} ms`,
  );
  console.log(`  ${'payments, embedded switch'.padEnd(30)} ${formatPayments(result.embedded)}; ratio ${ratio(result.embedded)} (goal ≥ 0.5)`);
  console.log(`  ${'payments, switch as a process'.padEnd(30)} ${formatPayments(result.process)}; ratio ${ratio(result.process)} (goal ≥ 0.5)`);
}
