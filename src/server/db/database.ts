import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as authSchema from './schema/auth';
import * as bankingSchema from './schema/banking';
import * as catalogueSchema from './schema/catalogue';
import * as platformSchema from './schema/platform';
import * as serviceNoticeSchema from './schema/service-notice';
import * as limitsSchema from './schema/limits';
import * as paymentsSchema from './schema/payments';
import * as holidaysSchema from './schema/holidays';
import * as interestSchema from './schema/interest';
import * as dayCloseSchema from './schema/day-close';
import * as fixedDepositsSchema from './schema/fixed-deposits';
import type { PoolStats } from '../lib/metric-sources';
import { migrationsFolder } from '../project-paths';

export const schema = {
  ...authSchema,
  ...bankingSchema,
  ...catalogueSchema,
  ...platformSchema,
  ...serviceNoticeSchema,
  ...limitsSchema,
  ...paymentsSchema,
  ...holidaysSchema,
  ...interestSchema,
  ...dayCloseSchema,
  ...fixedDepositsSchema,
};

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
export const batchStatementTimeoutMs = 300_000;
export const batchConnectionsMax = 2;

export type DatabaseHandle = {
  db: Database;
  /**
   * For the bank's batch work, the day close: one statement over a million accounts may run for
   * minutes, far past a request's timeouts. On PostgreSQL a pool of its own (at most
   * `batchConnectionsMax`, with `batchStatementTimeoutMs`), so it never holds a request's
   * connection; on PGlite the one connection there is.
   */
  batchDb: Database;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /** A PostgreSQL server only: the connection pool's state right now (metrics). */
  poolStats?: () => PoolStats;
  /** The embedded database only: its data folder as a gzipped tarball, taken between two queries. */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
};

export class DatabaseLockedError extends Error {}

/** Started with MIGRATE_ON_START=false on a database that lacks migrations this code needs. */
export class MigrationsPendingError extends Error {
  constructor() {
    super('The database lacks migrations this version needs: run `npm run db:migrate` first (MIGRATE_ON_START=false leaves them to it).');
  }
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
