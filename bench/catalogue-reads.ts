// GET /api/accountsTypes through the whole server (PGlite), beside a bare Fastify answering the
// same bytes (the body and the same headers) in the same run: how close a public read comes to
// what the framework allows.
// Bounded: three slices of a few seconds per side, on loopback only.
//   node --import tsx bench/catalogue-reads.ts
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { createTestApp } from '../src/server/test-support/test-app';

const execFileAsync = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const readConnections = 32;

const nodeWrittenHeaders = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export type ReadFigures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; failed: number };

/** Runs the GET load from a second process: the server answering it lives in this event loop. */
export async function driveGets(url: string, duration = seconds): Promise<ReadFigures> {
  const driver = path.join(import.meta.dirname, 'get-load.ts');
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', driver, url, String(duration), String(readConnections)], { encoding: 'utf8' });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ReadFigures;
}

/** Slices of `seconds` each side, taken in turn. */
const slicePairs = 3;

/** Slices of one side as one figure: the mean rate, the median p50, the worst p99. */
function combine(slices: ReadFigures[]): ReadFigures {
  const p50s = slices.map((slice) => slice.p50Ms).sort((a, b) => a - b);
  return {
    requestsPerSecond: slices.reduce((sum, slice) => sum + slice.requestsPerSecond, 0) / slices.length,
    p50Ms: p50s[Math.floor(p50s.length / 2)] ?? 0,
    p99Ms: Math.max(...slices.map((slice) => slice.p99Ms)),
    failed: slices.reduce((sum, slice) => sum + slice.failed, 0),
  };
}

export async function measureCatalogueReads(): Promise<{ server: ReadFigures; bare: ReadFigures; bodyBytes: number }> {
  const harness = await createTestApp();
  const bare = Fastify();
  try {
    const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await harness.app.inject({ method: 'GET', url: '/api/accountsTypes' });
    const body = answer.body;
    // The same bytes: the body and every header the real answer carries (security headers,
    // request id, ETag, cache-control), written by the bare server as constants. Node writes
    // date, connection and keep-alive itself, and content-length follows from the body.
    const sameHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !nodeWrittenHeaders.has(name)));
    bare.get('/api/accountsTypes', (_request, reply) => reply.headers(sameHeaders).send(body));
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
    // Interleaved slices (server, bare; bare, server; server, bare): on a shared machine the load
    // of other work drifts within seconds, and one slice each put either side in a busy moment.
    const serverSlices: ReadFigures[] = [];
    const bareSlices: ReadFigures[] = [];
    for (let slice = 0; slice < slicePairs; slice += 1) {
      const order = slice % 2 === 0 ? (['server', 'bare'] as const) : (['bare', 'server'] as const);
      for (const side of order) {
        if (side === 'server') serverSlices.push(await driveGets(`${address}/api/accountsTypes`));
        else bareSlices.push(await driveGets(`${bareAddress}/api/accountsTypes`));
      }
    }
    return { server: combine(serverSlices), bare: combine(bareSlices), bodyBytes: Buffer.byteLength(body) };
  } finally {
    await bare.close();
    await harness.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { server, bare, bodyBytes } = await measureCatalogueReads();
  console.log(`GET /api/accountsTypes (${(bodyBytes / 1024).toFixed(1)} KB), PGlite, ${readConnections} connections, ${slicePairs} slices of ${seconds} s each, in turn`);
  console.log(`  server        ${server.requestsPerSecond.toFixed(0).padStart(6)} requests/s, p50 ${server.p50Ms} ms, p99 ${server.p99Ms} ms, ${server.failed} failed`);
  console.log(`  bare Fastify  ${bare.requestsPerSecond.toFixed(0).padStart(6)} requests/s, p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms`);
  console.log(`  ratio         ${(server.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}`);
}
