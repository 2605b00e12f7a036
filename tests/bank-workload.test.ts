import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { staffCredentials } from '../src/server/test-support/test-app';
import { type Bank, checkFinalState, FaultLog, figuresOf, openBank, report, type Run, runWorkload, settleUnknown, type Target } from './support/bank-workload';
import { createServerFixture, killServer, type ServerFixture, startServerProcess, type StartedServer } from './support/built-server';
import { findFreePort } from './support/free-port';
import { findPostgresBinaries, type PrivatePostgres, startPrivatePostgres } from './support/private-postgres';

/**
 * A Jepsen-style bank workload against the built server over real HTTP, on PostgreSQL: sixteen
 * clients send random transfers between eight customers' accounts while faults are injected (the
 * server killed, database backends terminated, PostgreSQL restarted, two servers on one
 * database), and the history must match a model of the bank: nothing acknowledged lost, nothing
 * moved twice, every balance read consistent. On PGlite there is no database server to fault and
 * no second process may open the same data, so the file is skipped there.
 */
const serverUrl = process.env.DATABASE_URL;
const customerCount = 8;
const clientCount = 16;
/**
 * Little against transfers of 10–15 BDT, so that some customers run short (a refusal the run checks)
 * however few transfers a busy machine makes.
 */
const fundingBdt = 100;
/** Load without faults: long enough for well over a thousand transfers on two cores, short enough for CI. */
const steadyLoadMs = 6_000;
/** Quiet time before each fault, and load after the last one, which must then flow without errors. */
const faultSpacingMs = 1_500;
const scenarioTimeoutMs = 120_000;

const cleanups: Array<() => Promise<unknown>> = [];
// Every clean-up runs even when one fails (a database that cannot be dropped while its server is
// stopped must not leave a private cluster or a server process behind); the first failure is reported.
afterAll(async () => {
  const failures: unknown[] = [];
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
});

async function newFixture(prefix: string, options: { serverUrl?: string } = {}): Promise<ServerFixture & { databaseUrl: string }> {
  const fixture = await createServerFixture(prefix, options);
  cleanups.push(() => fixture.cleanup());
  if (!fixture.databaseUrl) throw new Error('the workload runs on PostgreSQL only');
  return { ...fixture, databaseUrl: fixture.databaseUrl };
}

async function startServer(fixture: ServerFixture, port?: number): Promise<StartedServer> {
  const environment = fixture.environment({ STAFF_EMAIL: staffCredentials.email, STAFF_PASSWORD: staffCredentials.password, RATE_LIMIT_MULTIPLIER: '1000' });
  const server = await startServerProcess(environment, port === undefined ? {} : { port });
  cleanups.push(() => server.stop());
  return server;
}

/** Polls `/readyz` until it answers `status`; answers the seconds that took. */
async function readinessBecomes(baseUrl: string, status: 200 | 503, timeoutMs = 30_000): Promise<number> {
  const startedAt = performance.now();
  while (performance.now() - startedAt < timeoutMs) {
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === status) return (performance.now() - startedAt) / 1000;
    } catch {
      // No answer at all is not the answer awaited either: poll again.
    }
    await sleep(20);
  }
  throw new Error(`/readyz did not answer ${status} within ${timeoutMs} ms`);
}

/** The settled history against the model; the figures are printed before any assertion can stop the test. */
async function settleAndCheck(scenario: string, run: Run, databaseUrl: string, recovery = '') {
  await settleUnknown(run);
  await checkFinalState(run, databaseUrl);
  const figures = figuresOf(run);
  report(scenario, figures, recovery);
  expect(run.violations).toEqual([]);
  expect(figures.indefiniteOutsideFaults).toBe(0);
  expect(figures.acknowledged).toBeGreaterThan(100);
  expect(figures.refused).toBeGreaterThan(0);
  expect(figures.reads).toBeGreaterThan(5);
  return figures;
}

/** Transfers acknowledged between two moments: after a fault, the system must carry on by itself. */
function acknowledgedBetween(run: Run, from = Infinity, to = Infinity): number {
  return run.transfers.filter((transfer) => transfer.outcome === 'acknowledged' && (transfer.answeredAt ?? 0) > from && (transfer.answeredAt ?? 0) < to).length;
}

const seconds = (values: number[]) => values.map((value) => `${value.toFixed(2)} s`).join(', ');

describe.skipIf(!serverUrl)('a bank workload over HTTP, with faults (PostgreSQL)', () => {
  it(
    '(a) without faults: every balance exact, every read consistent, no 5xx and no retry',
    async () => {
      const fixture = await newFixture('bank-workload-a-');
      const server = await startServer(fixture);
      const bank = await openBank(server.baseUrl, customerCount, fundingBdt);
      const run = await runWorkload({ bank, target: () => server.baseUrl, clients: clientCount, until: sleep(steadyLoadMs) });
      const figures = await settleAndCheck('(a) no fault', run, fixture.databaseUrl);
      expect(figures.serverErrors).toBe(0);
      expect(figures.retried).toBe(0);
    },
    scenarioTimeoutMs,
  );

  it(
    '(b) the server killed (SIGKILL) and restarted three times mid-run: nothing acknowledged lost, nothing moved twice',
    async () => {
      const fixture = await newFixture('bank-workload-b-');
      // The same port after each restart: the clients keep their address, as behind a load balancer.
      const port = await findFreePort();
      let server = await startServer(fixture, port);
      const baseUrl = server.baseUrl;
      const bank = await openBank(baseUrl, customerCount, fundingBdt);
      const faults = new FaultLog();
      const recoveries: number[] = [];
      const killAndRestart = async () => {
        await sleep(faultSpacingMs);
        const window = faults.begin('server killed');
        await killServer(server);
        server = await startServer(fixture, port);
        recoveries.push(window.end());
      };
      // The clients keep retrying through the first two restarts; the third kill ends the load, so
      // the transfers it cut off are left unknown and settled afterwards, as a customer's app would.
      const loadEndsAtThirdKill = async () => {
        await killAndRestart();
        await killAndRestart();
        await sleep(faultSpacingMs);
        const window = faults.begin('server killed');
        await killServer(server);
        return window;
      };
      const thirdKill = loadEndsAtThirdKill();
      const run = await runWorkload({ bank, target: () => baseUrl, clients: clientCount, faults, until: thirdKill });
      const lastWindow = await thirdKill;
      server = await startServer(fixture, port);
      recoveries.push(lastWindow.end());
      const figures = await settleAndCheck('(b) SIGKILL ×3', run, fixture.databaseUrl, `kill to first answer of the restarted server: ${seconds(recoveries)}`);
      expect(figures.retried).toBeGreaterThan(0);
      expect(figures.unknownAtEnd).toBeGreaterThan(0);
      expect(figures.serverErrorsOutsideFaults).toBe(0);
      expect(acknowledgedBetween(run, faults.windows[1]?.endedAt, faults.windows[2]?.startedAt)).toBeGreaterThan(0);
    },
    scenarioTimeoutMs,
  );

  const binaries = findPostgresBinaries();
  it.skipIf('missing' in binaries)(
    `(c) database backends terminated and PostgreSQL restarted mid-run: the server reconnects by itself, /readyz follows${'missing' in binaries ? ` (skipped: ${binaries.missing})` : ''}`,
    async () => {
      if ('missing' in binaries) return;
      // A private cluster: restarting the machine's shared server would break the other test files.
      const cluster = await startPrivatePostgres(binaries.binDir);
      cleanups.push(() => cluster.remove());
      const fixture = await newFixture('bank-workload-c-', { serverUrl: cluster.url });
      const database = new URL(fixture.databaseUrl).pathname.slice(1);
      const server = await startServer(fixture);
      const bank = await openBank(server.baseUrl, customerCount, fundingBdt);
      const faults = new FaultLog();
      const timings = await runDatabaseFaults({ bank, faults, cluster, database, baseUrl: server.baseUrl });
      const figures = await settleAndCheck('(c) backends terminated ×3, PostgreSQL restarted', timings.run, fixture.databaseUrl, timings.describe());
      expect(timings.terminated).toBeGreaterThan(0);
      expect(figures.serverErrorsOutsideFaults).toBe(0);
      expect(acknowledgedBetween(timings.run, faults.windows.at(-1)?.endedAt)).toBeGreaterThan(0);
    },
    scenarioTimeoutMs,
  );

  it(
    '(d) two server instances on one database, requests spread over both: no 5xx and no retry',
    async () => {
      const fixture = await newFixture('bank-workload-d-');
      // One after the other: both would otherwise create the staff member at the same time.
      const first = await startServer(fixture);
      const second = await startServer(fixture);
      const bank = await openBank(first.baseUrl, customerCount, fundingBdt);
      let turn = 0;
      const target: Target = () => [first, second][turn++ % 2]?.baseUrl ?? first.baseUrl;
      const run = await runWorkload({ bank, target, clients: clientCount, until: sleep(steadyLoadMs) });
      const figures = await settleAndCheck('(d) two instances', run, fixture.databaseUrl);
      expect(figures.serverErrors).toBe(0);
      expect(figures.retried).toBe(0);
    },
    scenarioTimeoutMs,
  );
});

type DatabaseFaultOptions = { bank: Bank; faults: FaultLog; cluster: PrivatePostgres; database: string; baseUrl: string };

/**
 * Backends terminated twice, PostgreSQL stopped abruptly and started again, backends terminated
 * once more, each a while apart under load. Each fault lasts until `/readyz` answers 200 again;
 * during the restart it must first answer 503.
 */
async function runDatabaseFaults(options: DatabaseFaultOptions) {
  const { faults, cluster, database, baseUrl } = options;
  const recoveries: number[] = [];
  let terminated = 0;
  let outage = { notReadyAfter: 0, readyAfterStart: 0 };
  const terminate = async () => {
    await sleep(faultSpacingMs);
    const window = faults.begin('backends terminated');
    terminated += await cluster.terminateBackends(database);
    await readinessBecomes(baseUrl, 200);
    recoveries.push(window.end());
  };
  const restart = async () => {
    await sleep(faultSpacingMs);
    const window = faults.begin('PostgreSQL restarted');
    await cluster.stopAbruptly();
    const notReadyAfter = await readinessBecomes(baseUrl, 503, 10_000);
    // Down for a moment under load, as during a failover.
    await sleep(500);
    await cluster.start();
    outage = { notReadyAfter, readyAfterStart: await readinessBecomes(baseUrl, 200) };
    window.end();
  };
  const schedule = async () => {
    await terminate();
    await terminate();
    await restart();
    await terminate();
    await sleep(faultSpacingMs);
  };
  const run = await runWorkload({ bank: options.bank, target: () => baseUrl, clients: clientCount, faults, until: schedule() });
  return {
    run,
    terminated,
    describe: () =>
      `${terminated} backends terminated, ready again after ${seconds(recoveries)}; /readyz 503 ${outage.notReadyAfter.toFixed(2)} s after the stop, 200 ${outage.readyAfterStart.toFixed(2)} s after PostgreSQL was back; 5xx per fault: ${faults.countPerFault(run.serverErrors)}`,
  };
}
