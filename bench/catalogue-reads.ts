// GET /api/accountsTypes through the whole server (PGlite), beside a bare Fastify answering the
// same body in the same run: how close a public read comes to what the framework allows.
// Bounded: a few seconds per phase, on loopback only.
//   node --import tsx bench/catalogue-reads.ts
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { createTestApp } from '../src/server/test-support/test-app';

const execFileAsync = promisify(execFile);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
export const readConnections = 32;

export type ReadFigures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; failed: number };

/** Runs the GET load from a second process: the server answering it lives in this event loop. */
export async function driveGets(url: string, duration = seconds): Promise<ReadFigures> {
  const driver = path.join(import.meta.dirname, 'get-load.ts');
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', driver, url, String(duration), String(readConnections)], { encoding: 'utf8' });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ReadFigures;
}

export async function measureCatalogueReads(): Promise<{ server: ReadFigures; bare: ReadFigures; bodyBytes: number }> {
  const harness = await createTestApp();
  const bare = Fastify();
  try {
    const address = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const body = (await harness.app.inject({ method: 'GET', url: '/api/accountsTypes' })).body;
    bare.get('/api/accountsTypes', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
    const server = await driveGets(`${address}/api/accountsTypes`);
    const reference = await driveGets(`${bareAddress}/api/accountsTypes`);
    return { server, bare: reference, bodyBytes: Buffer.byteLength(body) };
  } finally {
    await bare.close();
    await harness.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { server, bare, bodyBytes } = await measureCatalogueReads();
  console.log(`GET /api/accountsTypes (${(bodyBytes / 1024).toFixed(1)} KB), PGlite, ${readConnections} connections, ${seconds} s each`);
  console.log(`  server        ${server.requestsPerSecond.toFixed(0).padStart(6)} requests/s, p50 ${server.p50Ms} ms, p99 ${server.p99Ms} ms, ${server.failed} failed`);
  console.log(`  bare Fastify  ${bare.requestsPerSecond.toFixed(0).padStart(6)} requests/s, p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms`);
  console.log(`  ratio         ${(server.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}`);
}
