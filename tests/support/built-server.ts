import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { builtServerPath, projectRoot } from '../../src/server/project-paths';
import { createScratchDatabase } from '../../src/server/test-support/test-database';
import { findFreePort } from './free-port';

export type StartedServer = {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** Seconds from spawn to the first 200 answer of `probePath`. */
  secondsToFirstAnswer: number;
  /** Asks the server to stop (SIGTERM) and resolves with its exit code. */
  stop: () => Promise<number | null>;
  /** What it has written so far to its standard output and error, interleaved as it arrived (the first `outputCharsMax`). */
  output: () => string;
};

const answerWaitMs = 60_000;
const pollIntervalMs = 10;
const stopWaitMs = 15_000;
/** Enough for a start-up's every line; a server that writes more is not read past it. */
const outputCharsMax = 256_000;

async function answersOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const forced = setTimeout(() => child.kill('SIGKILL'), stopWaitMs);
    child.once('exit', (code) => {
      clearTimeout(forced);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/**
 * Spawns `node <args>` (the built server unless told otherwise) on a free loopback port with
 * `env`, and polls `probePath` until it answers 200. Fails with the child's last error output when
 * it exits or does not answer within a minute. A server started again on the `port` of one that
 * was stopped keeps its address and Origin, so its clients need not learn a new one.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, options: { args?: string[]; probePath?: string; port?: number } = {}): Promise<StartedServer> {
  const port = options.port ?? (await findFreePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const probeUrl = `${baseUrl}${options.probePath ?? '/api/accountsTypes'}`;
  const started = performance.now();
  const child = spawn(process.execPath, options.args ?? [builtServerPath], {
    cwd: projectRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errorOutput = '';
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < outputCharsMax) output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    errorOutput = (errorOutput + chunk.toString()).slice(-4_000);
  });
  try {
    while (!(await answersOk(probeUrl))) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering:\n${errorOutput}`);
      if (performance.now() - started > answerWaitMs) throw new Error(`no answer from ${probeUrl} within ${answerWaitMs} ms:\n${errorOutput}`);
      await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
    }
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { child, pid: child.pid as number, baseUrl, secondsToFirstAnswer: (performance.now() - started) / 1000, stop: () => stopChild(child), output: () => output };
}

/** Kills the server at once (SIGKILL), as a power cut or the kernel's out-of-memory killer would, and resolves once it is gone. */
export function killServer(server: StartedServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

export type ServerFixture = {
  dataDir: string;
  /** The scratch database's URL on a PostgreSQL run; undefined on PGlite (the server's own, in dataDir). */
  databaseUrl: string | undefined;
  /** The environment for a server process on this fixture: no staff settings unless `extra` gives them. */
  environment: (extra?: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
  cleanup: () => Promise<void>;
};

/**
 * A data folder for server processes of one test file and, when the suite runs on PostgreSQL
 * (DATABASE_URL), a scratch database of their own, dropped by `cleanup`. `serverUrl` names
 * another PostgreSQL server for the scratch database, such as a private one a test may restart.
 */
export async function createServerFixture(prefix: string, options: { serverUrl?: string } = {}): Promise<ServerFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const serverUrl = options.serverUrl ?? process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
  return {
    dataDir,
    databaseUrl: scratch?.url,
    environment(extra = {}) {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
      delete env.DATABASE_URL;
      delete env.STAFF_EMAIL;
      delete env.STAFF_PASSWORD;
      if (scratch) env.DATABASE_URL = scratch.url;
      return { ...env, ...extra };
    },
    async cleanup() {
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
