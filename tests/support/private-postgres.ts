import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from './free-port';

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own, in a temporary folder on a free port, which the test may
 * stop and start again (or whose backends it may terminate) without disturbing the machine's
 * shared server that other test files use at the same time.
 */
export type PrivatePostgres = {
  /** The `postgres` database as its superuser, without a password (trust authentication). */
  url: string;
  /** Stops it the way a crash or a failover would: no checkpoint, every connection cut (`pg_ctl stop -m immediate`). */
  stopAbruptly: () => Promise<void>;
  /** Starts it again on the same port and folder, and resolves once it accepts connections. */
  start: () => Promise<void>;
  /** Terminates every backend of `database` except the caller's, as an operator or an idle-session killer would; answers how many. */
  terminateBackends: (database: string) => Promise<number>;
  /** Stops it and removes its folder. */
  remove: () => Promise<void>;
};

const postgresRoot = '/usr/lib/postgresql';
const neededPrograms = ['initdb', 'pg_ctl', 'postgres'];

/** The newest installed server's binary folder, or why there is none. */
export function findPostgresBinaries(): { binDir: string } | { missing: string } {
  const versions = fs.existsSync(postgresRoot) ? fs.readdirSync(postgresRoot).filter((name) => /^\d+$/.test(name)) : [];
  const binDirs = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(postgresRoot, version, 'bin'))
    .filter((binDir) => neededPrograms.every((program) => fs.existsSync(path.join(binDir, program))));
  const binDir = binDirs[0];
  if (!binDir) return { missing: `no PostgreSQL server binaries (${neededPrograms.join(', ')}) under ${postgresRoot}/<version>/bin` };
  if (process.getuid?.() === 0 && postgresUserIds() === undefined) return { missing: 'running as root, and there is no postgres user to run the server as' };
  return { binDir };
}

/** initdb and postgres refuse to run as root: as root, they run as the postgres user, in a folder it owns. */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

function asPostgresUser(program: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [program, args];
  if (fs.existsSync('/usr/sbin/runuser') || fs.existsSync('/sbin/runuser')) return ['runuser', ['-u', 'postgres', '--', program, ...args]];
  const quoted = [program, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  return ['su', ['postgres', '-c', quoted]];
}

async function runAsPostgres(program: string, args: string[]): Promise<void> {
  const [file, fileArgs] = asPostgresUser(program, args);
  await run(file, fileArgs, { cwd: os.tmpdir() });
}

/** Creates, configures and starts a new cluster; fsync is off because a test's data need not survive the machine. */
export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-private-pg-'));
  const owner = process.getuid?.() === 0 ? postgresUserIds() : undefined;
  if (owner) fs.chownSync(folder, owner.uid, owner.gid);
  const dataDir = path.join(folder, 'data');
  const port = await findFreePort();
  const program = (name: string) => path.join(binDir, name);
  await runAsPostgres(program('initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${folder} -c fsync=off -c max_connections=60`;
  const logPath = path.join(folder, 'server.log');
  const start = async () => {
    try {
      await runAsPostgres(program('pg_ctl'), ['-D', dataDir, '-l', logPath, '-o', serverOptions, '-w', '-t', '60', 'start']);
    } catch (error) {
      // pg_ctl only says to see the log: the reason is there.
      const log = fs.existsSync(logPath) ? fs.readFileSync(logPath, 'utf8').slice(-2_000) : '(no server log)';
      throw new Error(`${String(error)}\n${log}`);
    }
  };
  const stop = (mode: 'fast' | 'immediate') => runAsPostgres(program('pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    start,
    stopAbruptly: () => stop('immediate'),
    async terminateBackends(database) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const result = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
        return result.rowCount ?? 0;
      } finally {
        await admin.end();
      }
    },
    async remove() {
      await stop('immediate').catch(() => undefined);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
