// npm run bench: every figure of the performance table in one run, each beside its reference
// measured in the same run (pgbench on the same PostgreSQL, a bare Fastify in the same process,
// Lighthouse's own CPU index), printed as one table and written to bench/results.json.
// PostgreSQL rows need DATABASE_URL; without it they are left out and the output says so.
// Bounded: fixed durations per phase (BENCH_SECONDS, 10 unless told), three Lighthouse runs per page.
import os from 'node:os';
import path from 'node:path';
import { measureCatalogueReads, readConnections } from './catalogue-reads';
import { accountCount, connections, measureHttpTransfers, pgbenchReference } from './http-transfers';
import { measureWeb } from './lighthouse';
import { measurePaymentsWithReference, paymentConnections, paymentCount } from './payments';
import { type BenchRow, formatRow, meetsTarget, writeResults } from './results';
import { measureStartup } from './startup';
import { measureDayClose } from './day-close';
import { createTestDatabase } from '../src/server/test-support/test-database';

const resultsPath = path.resolve(import.meta.dirname, 'results.json');
/** PGlite's transfers before this work, on the same benchmark; the target is three times as many. */
const pgliteTransfersBefore = 88;

type TransferFigures = Awaited<ReturnType<typeof measureHttpTransfers>>;

/** One transfer row: the figures of a run, read against a reference and a target ratio. */
function transferRow(database: string, figures: TransferFigures, reference: NonNullable<BenchRow['reference']>, targetRatio: number): BenchRow {
  return {
    what: `PUT /api/userMoneyTrans, ${database}, ${accountCount} accounts, ${connections} connections`,
    figure: { value: figures.transfersPerSecond, unit: 'transfers/s' },
    details: { p50Ms: figures.p50Ms, p99Ms: figures.p99Ms, failed: figures.failed, serverCpuMsPerTransfer: Number(figures.serverCpuMsPerTransfer.toFixed(3)), ledgerBalanced: figures.ledgerHealthy },
    reference,
    ratio: figures.transfersPerSecond / reference.value,
    target: { value: targetRatio, comparison: '>=', of: 'ratio' },
  };
}

async function transferRows(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const pglite = await createTestDatabase();
  try {
    const figures = await measureHttpTransfers(pglite);
    rows.push(transferRow('PGlite', figures, { what: 'the same benchmark before group commit', value: pgliteTransfersBefore, unit: 'transfers/s' }, 3));
  } finally {
    await pglite.close();
  }
  if (!databaseUrl) return rows;
  process.env.DATABASE_URL = databaseUrl;
  const postgres = await createTestDatabase();
  try {
    const figures = await measureHttpTransfers(postgres);
    const pgbench = await pgbenchReference(databaseUrl);
    rows.push(transferRow('PostgreSQL', figures, { what: 'pgbench TPC-B -c 16 -j 2, scale 10, same server', value: pgbench, unit: 'tps' }, 0.5));
  } finally {
    await postgres.close();
  }
  return rows;
}

/** NPSB payments confirmed over HTTP until settled, the switch embedded and as its own process, against in-bank transfers on the same database in the same run. */
async function paymentRows(): Promise<BenchRow[]> {
  const { driver, transfers, embedded, process: separate } = await measurePaymentsWithReference();
  const row = (place: string, payments: typeof embedded): BenchRow => ({
    what: `POST /api/payments → settled (NPSB, ${place}), ${driver}, ${paymentCount} payments, ${paymentConnections} connections`,
    figure: { value: payments.paymentsPerSecond, unit: 'payments/s' },
    details: { p50MsToSettled: payments.p50Ms, p99MsToSettled: payments.p99Ms, settled: payments.settled, failed: payments.failed, ledgerBalanced: payments.ledgerHealthy },
    reference: { what: 'PUT /api/userMoneyTrans (in-bank transfers), same database, same run', value: transfers.transfersPerSecond, unit: 'transfers/s' },
    ratio: payments.paymentsPerSecond / transfers.transfersPerSecond,
    target: { value: 0.5, comparison: '>=', of: 'ratio' },
  });
  return [row('embedded switch', embedded), row('switch as its own process', separate)];
}

async function catalogueRows(): Promise<BenchRow[]> {
  const { server, bare, bodyBytes } = await measureCatalogueReads();
  return [
    {
      what: `GET /api/accountsTypes (${(bodyBytes / 1024).toFixed(1)} KB), PGlite, ${readConnections} connections`,
      figure: { value: server.requestsPerSecond, unit: 'requests/s' },
      details: { p50Ms: server.p50Ms, p99Ms: server.p99Ms, failed: server.failed },
      reference: { what: 'bare Fastify answering the same body and headers, same process', value: bare.requestsPerSecond, unit: 'requests/s' },
      ratio: server.requestsPerSecond / bare.requestsPerSecond,
      target: { value: 0.8, comparison: '>=', of: 'ratio' },
    },
  ];
}

async function webRows(): Promise<BenchRow[]> {
  const results = await measureWeb();
  const reference = (index: number) => ({ what: "Lighthouse's CPU benchmark index, same run", value: index, unit: '' });
  return results.flatMap((route): BenchRow[] => {
    const rows: BenchRow[] = [
      {
        what: `Lighthouse mobile performance, ${route.route}`,
        figure: { value: route.performanceScore, unit: 'points' },
        details: { runs: route.runs, totalBlockingTimeMs: route.totalBlockingTimeMs },
        reference: reference(route.benchmarkIndex),
        target: { value: 90, comparison: '>=', of: 'figure' },
      },
      {
        what: `Largest contentful paint, ${route.route}`,
        figure: { value: route.largestContentfulPaintMs / 1000, unit: 's' },
        reference: reference(route.benchmarkIndex),
        target: { value: 2.5, comparison: '<=', of: 'figure' },
      },
      {
        what: `Cumulative layout shift, ${route.route}`,
        figure: { value: route.cumulativeLayoutShift, unit: '' },
        details: { worstOfRuns: route.worstCumulativeLayoutShift },
        target: { value: 0.05, comparison: '<=', of: 'figure' },
      },
    ];
    if (route.route === '/') {
      rows.push({
        what: 'Script transferred for /',
        figure: { value: route.scriptBytesTransferred / 1024, unit: 'KB' },
        details: { rawKB: Math.round(route.scriptBytesRaw / 1024) },
        target: { value: 150, comparison: '<=', of: 'figure' },
      });
    }
    return rows;
  });
}

const phases: Array<[string, () => Promise<BenchRow[]>]> = [
  ['transfers over HTTP', transferRows],
  ['payments to other banks', paymentRows],
  ['catalogue reads', catalogueRows],
  ['start-up and memory', measureStartup],
  ['the day close (DAY_CLOSE_ACCOUNTS=100000 for a quicker run)', measureDayClose],
  ['Lighthouse', webRows],
];

const rows: BenchRow[] = [];
for (const [label, measure] of phases) {
  console.log(`\n== ${label}`);
  const measured = await measure();
  for (const row of measured) console.log(`  ${formatRow(row)}`);
  rows.push(...measured);
}
if (!process.env.DATABASE_URL) console.log('\n(set DATABASE_URL=postgres://… to measure the PostgreSQL rows too)');

console.log('\n== All figures');
for (const row of rows) console.log(`  ${meetsTarget(row) === false ? '✗' : '✓'} ${formatRow(row)}`);
writeResults(resultsPath, rows, { machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))) } });
console.log(`\nwritten to ${path.relative(process.cwd(), resultsPath)}`);
