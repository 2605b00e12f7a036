import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder } from '../project-paths';
import { batchConnectionsMax, batchStatementTimeoutMs, isDatabaseReady, poolConnectionsMax, schema, statementTimeoutMs, type DatabaseHandle } from './database';
import { TransactionSafePool } from './transaction-safe-pool';

/** Any constant shared by every instance: only one of them migrates at a time. */
const migrationLockId = 7_340_112;

/**
 * A database that does not answer at all (a host gone, a network partition, a failover in
 * progress) must fail requests and `/readyz` within seconds, not hang them: PostgreSQL's own
 * statement timeout never fires when nothing reaches it. So: a limit on connecting, a client-side
 * limit a little above the server's statement timeout, and TCP keep-alive to find a dead
 * connection that sits idle in the pool.
 */
export const connectTimeoutMs = 5_000;
const clientQueryTimeoutMarginMs = 5_000;
const keepAliveInitialDelayMs = 10_000;

export function openPostgres(databaseUrl: string): DatabaseHandle {
  const poolOf = (max: number, statementTimeout: number, applicationName: string) =>
    new TransactionSafePool({
      connectionString: databaseUrl,
      max,
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout + clientQueryTimeoutMarginMs,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: keepAliveInitialDelayMs,
      application_name: applicationName,
    });
  const pool = poolOf(poolConnectionsMax, statementTimeoutMs, 'bank-server');
  // Connects only when the day close first runs.
  const batchPool = poolOf(batchConnectionsMax, batchStatementTimeoutMs, 'bank-server-batch');
  // A client that loses its connection must not crash the process: idle ones report to the pool,
  // and one in use (its backend terminated mid-transaction, a failover) emits 'error' on itself
  // besides failing its query, which the caller sees. The pool then discards it.
  for (const each of [pool, batchPool]) {
    each.on('error', () => undefined);
    each.on('connect', (client) => client.on('error', () => undefined));
  }
  const db = drizzle(pool, { schema });
  return {
    db,
    batchDb: drizzle(batchPool, { schema }),
    driver: 'postgres',
    async migrate() {
      // Every start of every instance gets here: one read, without waiting for the lock, when
      // the migrations are already applied.
      if (await isDatabaseReady(db)) return;
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
        // Without the schema: the migrator needs none, and drizzle's relational set-up of it is not free.
        await migrate(drizzle(client), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([pool.end(), batchPool.end()]);
    },
  };
}
