import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { staffCredentials } from '../src/server/test-support/test-app';
import { FaultLog, openBank } from './support/bank-workload';
import { createServerFixture, killServer, type StartedServer, startServerProcess } from './support/built-server';
import { findFreePort } from './support/free-port';
import {
  checkPaymentsFinalState,
  letEverythingSettle,
  paymentsFiguresOf,
  readSwitchBooks,
  reportPayments,
  runPaymentsWorkload,
  settleUnknownPayments,
  startSwitchProcess,
  type SwitchProcess,
} from './support/payments-workload';

/**
 * Payments to other banks and wallets under faults, over real HTTP on PostgreSQL: the built server
 * and the clearing house (`npm run clearing`'s program, test mode) as two processes signing to each
 * other with one key. Eight clients pay out from six customers while the switch credits them from
 * other banks; the switch delays, times out, refuses, returns later, delivers twice, answers out of
 * order and goes down, and the bank's server is killed and restarted. Then the history, the bank's
 * books and the switch's must agree (tests/support/payments-workload.ts says how). Skipped on
 * PGlite, as the bank workload is: a second process may not open the server's embedded database.
 */
const serverUrl = process.env.DATABASE_URL;
const customerCount = 6;
const clientCount = 8;
/** Enough that only a busy customer runs short: 10–30 BDT a payment, credits coming in. */
const fundingBdt = 2_000;
/** Quiet time before each fault, and load after the last one. */
const faultSpacingMs = 1_500;
/** The outbox's back-off is at most a minute; in practice it drains within seconds of the last fault. */
const settleDeadlineMs = 40_000;
const scenarioTimeoutMs = 150_000;

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  const failures: unknown[] = [];
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
});

describe.skipIf(!serverUrl)('payments to other banks over HTTP, with the clearing house failing (PostgreSQL)', () => {
  it(
    'nothing paid twice or lost, every balance as the switch’s outcomes make it, the books reconcile to the poisha',
    async () => {
      const startedAt = performance.now();
      const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
      const fixture = await createServerFixture('payments-workload-');
      cleanups.push(() => fixture.cleanup());
      if (!fixture.databaseUrl) throw new Error('the workload runs on PostgreSQL only');
      const databaseUrl = fixture.databaseUrl;
      const key = randomBytes(32).toString('hex');
      // The bank's port is fixed first: the switch delivers to it, before and after each restart.
      const port = await findFreePort();
      const switchProcess = await startSwitchProcess({ dataDir: path.join(fixture.dataDir, 'clearing-house'), key, bankInboundUrl: `http://127.0.0.1:${port}/api/clearing/inbound` });
      cleanups.push(() => switchProcess.stop());
      const environment = fixture.environment({
        STAFF_EMAIL: staffCredentials.email,
        STAFF_PASSWORD: staffCredentials.password,
        RATE_LIMIT_MULTIPLIER: '1000',
        CLEARING_URL: switchProcess.baseUrl,
        CLEARING_KEY: key,
      });
      const startBank = async () => {
        const started = await startServerProcess(environment, { port });
        cleanups.push(() => started.stop());
        return started;
      };
      let server: StartedServer = await startBank();
      const baseUrl = server.baseUrl;
      const bank = await openBank(baseUrl, customerCount, fundingBdt);
      const setUpIn = seconds(startedAt);
      const loadStartedAt = performance.now();
      const faults = new FaultLog();
      const schedule = faultSchedule(switchProcess, faults, async () => {
        await killServer(server);
        server = await startBank();
      });
      const killWindow = () => faults.windows.find((window) => window.what === 'server killed');
      const run = await runPaymentsWorkload({ bank, target: () => baseUrl, switchProcess, clients: clientCount, faults, until: schedule });
      const loadFor = seconds(loadStartedAt);
      await settleUnknownPayments(run);
      const settleSeconds = await letEverythingSettle(run, switchProcess, databaseUrl, settleDeadlineMs);
      const switchSum = await switchProcess.control<{ sumPoisha: string }>('GET', 'books');
      // Its books are read from its folder once it has stopped: PGlite opens a folder in one process at a time.
      await switchProcess.stop();
      const books = await readSwitchBooks(switchProcess.dataDir);
      await checkPaymentsFinalState(run, databaseUrl, books);
      const figures = paymentsFiguresOf(run, books);
      reportPayments(
        '(faults on the switch, server killed)',
        figures,
        `set up in ${setUpIn} s, load for ${loadFor} s, settled ${settleSeconds.toFixed(1)} s after it, checked at ${seconds(startedAt)} s; the server answered again ${(((killWindow()?.endedAt ?? Number.NaN) - (killWindow()?.startedAt ?? 0)) / 1000).toFixed(1)} s after it was killed`,
      );
      expect(run.violations).toEqual([]);
      expect(switchSum.sumPoisha).toBe('0');
      expect(figures.indefiniteOutsideFaults).toBe(0);
      expect(figures.serverErrorsOutsideFaults).toBe(0);
      expect(figures.acknowledged).toBeGreaterThan(50);
      // Answers lost to the outage and the kill were asked for again with the same key, and after the restart payments flowed by themselves.
      expect(figures.retried).toBeGreaterThan(0);
      expect(run.payments.filter((payment) => payment.outcome === 'acknowledged' && (payment.answeredAt ?? 0) > (killWindow()?.endedAt ?? Infinity)).length).toBeGreaterThan(0);
      // Each fault met a payment: refusals, returns and settlements all happened.
      expect(figures.settled).toBeGreaterThan(0);
      expect(figures.rejected).toBeGreaterThan(0);
      expect(figures.returned).toBeGreaterThan(0);
      expect(figures.inward).toBeGreaterThan(20);
    },
    scenarioTimeoutMs,
  );
});

/**
 * The faults, one after another under load: each of the switch's kinds for a few payments, the
 * switch down for three seconds, the bank's server killed and restarted on its port, then load
 * without faults. Only the last two stop answers reaching customers, so only they open a window
 * in the fault log (the others are the outbox's and the inbox's business, after the commit).
 */
async function faultSchedule(switchProcess: SwitchProcess, faults: FaultLog, killAndRestart: () => Promise<void>): Promise<void> {
  const arm = async (fault: Record<string, unknown>) => {
    await sleep(faultSpacingMs);
    await switchProcess.control('POST', 'faults', fault);
  };
  await arm({ kind: 'delay', ms: 1_000, count: 3 });
  await arm({ kind: 'duplicate', count: 6 });
  await arm({ kind: 'reject', reason: 'AC04', count: 4 });
  await arm({ kind: 'return-later', reason: 'AC04', afterSeconds: 2, count: 4 });
  await arm({ kind: 'out-of-order', count: 3 });
  await arm({ kind: 'timeout', count: 1 });
  await sleep(faultSpacingMs);
  const down = faults.begin('switch down');
  await switchProcess.control('POST', 'down', { seconds: 3 });
  await sleep(3_000);
  down.end();
  await sleep(faultSpacingMs);
  const killed = faults.begin('server killed');
  await killAndRestart();
  killed.end();
  await sleep(faultSpacingMs * 2);
}
