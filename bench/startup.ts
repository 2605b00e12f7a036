// npm run bench:startup: how long the built server (what `npm start` runs) takes from spawn to
// its first answer, and how much memory it holds once started, on an empty data folder (first
// start: migrations, seeding, staff) and on existing data. The CPU time the server spent until
// that answer is kept beside it (the wall time grows when other work shares the cores), and so is
// its memory once a session check has loaded better-auth, which the server imports on first use. Each figure stands beside a bare Fastify started the same way in the same
// run, so the ratio shows what the bank adds. PostgreSQL is measured when DATABASE_URL is set (on
// a scratch database, dropped afterwards). Bounded: a few server starts, on loopback only.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtServerPath, projectRoot } from '../src/server/project-paths';
import { createScratchDatabase } from '../src/server/test-support/test-database';
import { startServerProcess } from '../tests/support/built-server';
import { formatRow, type BenchRow } from './results';

const probePath = '/api/accountsTypes';
/** Memory is read after the first answer and this pause, once start-up's garbage has had a chance to go. */
const settleMs = 1_000;
const runs = Number(process.env.BENCH_RUNS ?? 3);

const startTargetSeconds = 1.5;
const firstStartTargetSeconds = 3;
const rssTargetMb = { pglite: 300, postgres: 150 } as const;

/** What `npm start` runs once its build is done. */
const serverCommand = [builtServerPath];

/** The least a Node server can do: Fastify answering the probe path with a fixed body. */
const bareServerSource = `
import Fastify from 'fastify';
const app = Fastify();
app.get('${probePath}', async () => [{ slug: 'savings', name: 'Savings Account' }]);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

type Start = { seconds: number; cpuSeconds: number; rssMb: number; rssWithAuthMb: number };

/** A route better-auth answers: the first call imports it. */
const authProbePath = '/api/auth/get-session';
/** /proc/<pid>/stat counts CPU time in clock ticks; Linux reports them at 100 per second. */
const clockTicksPerSecond = 100;

function cpuSeconds(pid: number): number {
  // The command name (field 2) may hold spaces, so the fields are counted after its closing parenthesis.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error(`no VmRSS for process ${pid}`);
  return kilobytes / 1024;
}

/** Spawns `args` with `env`, waits for the first 200 answer, then reads the child's RSS. */
async function timeStart(args: string[], env: NodeJS.ProcessEnv): Promise<Start> {
  const server = await startServerProcess(env, { args, probePath });
  try {
    const cpu = cpuSeconds(server.pid);
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const rssMb = residentMb(server.pid);
    await (await fetch(`${server.baseUrl}${authProbePath}`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return { seconds: server.secondsToFirstAnswer, cpuSeconds: cpu, rssMb, rssWithAuthMb: residentMb(server.pid) };
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function medianStart(starts: Start[]): Start {
  const of = (figure: keyof Start) => median(starts.map((start) => start[figure]));
  return { seconds: of('seconds'), cpuSeconds: of('cpuSeconds'), rssMb: of('rssMb'), rssWithAuthMb: of('rssWithAuthMb') };
}

/** The server's environment: the caller's, without a database URL unless one is given. */
function serverEnvironment(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.STAFF_EMAIL;
  delete env.STAFF_PASSWORD;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** A first start on an empty data folder (and empty database), then a second one on what it left. */
async function measureDriver(newDatabaseUrl: () => Promise<{ url?: string; drop: () => Promise<void> }>): Promise<{ first: Start; existing: Start }> {
  const firsts: Start[] = [];
  const existings: Start[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-startup-'));
    const database = await newDatabaseUrl();
    try {
      firsts.push(await timeStart(serverCommand, serverEnvironment(dataDir, database.url)));
      existings.push(await timeStart(serverCommand, serverEnvironment(dataDir, database.url)));
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { first: medianStart(firsts), existing: medianStart(existings) };
}

function rows(label: string, driver: keyof typeof rssTargetMb, measured: { first: Start; existing: Start }, bare: Start): BenchRow[] {
  const timeRow = (what: string, start: Start, target: number): BenchRow => ({
    what: `${label}, ${what}: start to first answer`,
    figure: { value: start.seconds, unit: 's' },
    details: { cpuSeconds: start.cpuSeconds, bareFastifyCpuSeconds: bare.cpuSeconds },
    reference: { what: 'bare Fastify', value: bare.seconds, unit: 's' },
    ratio: start.seconds / bare.seconds,
    target: { value: target, comparison: '<=', of: 'figure' },
  });
  const memoryRow = (what: string, start: Start): BenchRow => ({
    what: `${label}, ${what}: resident memory after start`,
    figure: { value: start.rssMb, unit: 'MB' },
    details: { rssAfterSessionCheckMb: start.rssWithAuthMb },
    reference: { what: 'bare Fastify', value: bare.rssMb, unit: 'MB' },
    ratio: start.rssMb / bare.rssMb,
    target: { value: rssTargetMb[driver], comparison: '<=', of: 'figure' },
  });
  return [
    timeRow('first start', measured.first, firstStartTargetSeconds),
    memoryRow('first start', measured.first),
    timeRow('existing data', measured.existing, startTargetSeconds),
    memoryRow('existing data', measured.existing),
  ];
}

/** Every start-up figure with its target and the bare-Fastify reference; PostgreSQL only when DATABASE_URL is set. */
export async function measureStartup(): Promise<BenchRow[]> {
  const build = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/build-if-stale.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the server failed');
  const bareRuns: Start[] = [];
  for (let run = 0; run < runs; run += 1) bareRuns.push(await timeStart(['--input-type=module', '-e', bareServerSource], process.env));
  const bare = medianStart(bareRuns);
  const measured: BenchRow[] = [];
  const pglite = await measureDriver(async () => ({ url: undefined, drop: async () => undefined }));
  measured.push(...rows('PGlite', 'pglite', pglite, bare));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const postgres = await measureDriver(() => createScratchDatabase(serverUrl));
    measured.push(...rows('PostgreSQL', 'postgres', postgres, bare));
  }
  return measured;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`Server start-up, median of ${runs} runs (${os.cpus().length} cores)`);
  for (const row of await measureStartup()) {
    const details = Object.entries(row.details ?? {}).map(([name, value]) => `${name} ${typeof value === 'number' ? Number(value.toPrecision(3)) : value}`);
    console.log(`${formatRow(row)}${details.length > 0 ? `  (${details.join(', ')})` : ''}`);
  }
  if (!process.env.DATABASE_URL) console.log('(set DATABASE_URL=postgres://… to measure a PostgreSQL server too)');
}
