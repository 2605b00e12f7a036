import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../project-paths';
import { DatabaseLockedError, isDatabaseReady, schema, type Database, type DatabaseHandle } from './database';
import { fillFromTemplate } from './pglite-template';

/**
 * PostgreSQL's memory settings inside PGlite, which runs the whole server in this process's
 * WebAssembly memory: that memory grows to whatever PostgreSQL asks for and never shrinks. The
 * stock shared_buffers (128 MB) is sized for a server of its own; the bank's embedded database
 * is small and its files sit in the operating system's page cache anyway. maintenance_work_mem
 * bounds index builds (migrations); work_mem is PostgreSQL's default, written down so that all
 * three bounds are in one place.
 */
export const pgliteMemorySettings = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
} as const;

/** Trigram indexes serve the staff lists' search by part of a name or e-mail (decision 016). */
const extensions = { pg_trgm };

const startParams = [...PGlite.defaultStartParams, ...Object.entries(pgliteMemorySettings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];

/**
 * PGlite in `dataDir`, or in memory without one. An in-memory database may start from a tarball
 * `dumpDataDir` wrote (`loadDataDir`): the tests open one already migrated instead of running
 * initdb and every migration again for each test file.
 */
export function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): DatabaseHandle {
  const releaseLock = dataDir ? lockPgliteFolder(dataDir) : () => undefined;
  if (dataDir) fillFromTemplate(dataDir);
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir, startParams, extensions });
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    batchDb: db,
    driver: 'pglite',
    async migrate() {
      if (await isDatabaseReady(db)) return;
      // Without the schema: the migrator needs none, and drizzle's relational set-up of it is not free.
      await migrate(drizzle(client), { migrationsFolder });
    },
    async dumpDataDir() {
      // What sits in PGlite's buffers goes to its files first, so the tarball needs no recovery.
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * Fills `dataDir`, which must not hold a database yet, from a tarball `dumpDataDir` wrote. The
 * folder is locked meanwhile like a server's; a restore never overwrites a database.
 */
export async function restorePgliteFolder(dataDir: string, tarball: Blob): Promise<void> {
  assertHoldsNoDatabase(dataDir);
  const releaseLock = lockPgliteFolder(dataDir);
  try {
    const client = new PGlite({ dataDir, loadDataDir: tarball, startParams, extensions });
    await client.waitReady;
    await client.close();
  } finally {
    releaseLock();
  }
}

/** Refuses a folder that holds a database already: a restore never overwrites one. */
export function assertHoldsNoDatabase(dataDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new DatabaseLockedError(`${dataDir} already holds a database: restore into a new DATA_DIR, or move that folder away first.`);
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes: a second process on the same folder silently loses
 * its writes. A lock file with the owner's pid makes the second refuse.
 */
function lockPgliteFolder(dataDir: string): () => void {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockPath = `${dataDir}.lock`;
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch {
    const ownerPid = Number(fs.readFileSync(lockPath, 'utf8'));
    if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isProcessAlive(ownerPid)) {
      throw new DatabaseLockedError(`The embedded database ${dataDir} is in use by process ${ownerPid}; stop it first.`);
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  return () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
