import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as authSchema from './schema/auth';
import * as bankingSchema from './schema/banking';
import * as catalogueSchema from './schema/catalogue';
import * as platformSchema from './schema/platform';

export const schema = { ...authSchema, ...bankingSchema, ...catalogueSchema, ...platformSchema };

/**
 * Both drivers accept the same queries, so the rest of the code sees one type: the
 * node-postgres one, so that a repository never needs to know which driver runs it.
 */
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A repository function accepts the database or an open transaction. */
export type Executor = Database | Transaction;

export const statementTimeoutMs = 10_000;
export const poolConnectionsMax = 10;
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
/** Any constant shared by every instance: only one of them migrates at a time. */
const migrationLockId = 7_340_112;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions = { databaseUrl?: string | undefined; pgliteDir?: string | undefined };

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir);
}

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolConnectionsMax,
    statement_timeout: statementTimeoutMs,
    application_name: 'bank-server',
  });
  // A client that loses its connection must not crash the process: idle ones report to the pool,
  // and one in use (its backend terminated mid-transaction, a failover) emits 'error' on itself
  // besides failing its query, which the caller sees. The pool then discards it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
        await migrateNodePostgres(drizzleNodePostgres(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function openPglite(dataDir: string | undefined): DatabaseHandle {
  const releaseLock = dataDir ? lockPgliteFolder(dataDir) : () => undefined;
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

export class DatabaseLockedError extends Error {}

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
 * its writes (stack-notes, trap 4). A lock file with the owner's pid makes the second refuse.
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

/** True when the database answers and every migration in the folder has been applied. */
export async function isDatabaseReady(db: Database): Promise<boolean> {
  const journalPath = path.join(migrationsFolder, 'meta', '_journal.json');
  const expected = (JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: unknown[] }).entries.length;
  const table = await db.execute<{ present: boolean }>(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!table.rows[0]?.present) return false;
  const result = await db.execute<{ applied: number }>(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`);
  return Number(result.rows[0]?.applied ?? 0) >= expected;
}
