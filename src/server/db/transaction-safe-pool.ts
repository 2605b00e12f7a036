import pg from 'pg';

type Query = pg.PoolClient['query'];
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** Each client's own `query`, kept once so that every checkout wraps it afresh instead of wrapping the last wrapper. */
const ownQuery = new WeakMap<pg.PoolClient, Query>();

/**
 * Releases `client` (with the error, so that the pool discards it) when the first query sent on
 * it fails, and makes any later release a no-op: whoever holds it may still release it as usual.
 */
export function releaseIfFirstQueryFails(client: pg.PoolClient): pg.PoolClient {
  const releaseOnce = client.release;
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    releaseOnce(error);
  };
  const query = ownQuery.get(client) ?? client.query;
  ownQuery.set(client, query);
  let first = true;
  client.query = ((...args: unknown[]) => {
    const result: unknown = (query as (...queryArgs: unknown[]) => unknown).apply(client, args);
    if (first && result instanceof Promise) result.catch((error: unknown) => client.release(error instanceof Error ? error : new Error(String(error))));
    first = false;
    return result;
  }) as Query;
  return client;
}

/**
 * A pg.Pool whose clients drizzle's transactions cannot leak. drizzle 0.45's `transaction()` checks
 * a client out and sends BEGIN before the try/finally that releases it, so a BEGIN that fails (a
 * connection cut during a failover, PgBouncer refusing while its server is away) kept that client
 * checked out for the life of the process; after `max` such failures every request waited for a
 * client that never came (found by the failover drill, tests/cluster.test.ts). A client checked out
 * with `await pool.connect()` is therefore released, and discarded, when its first query fails.
 * `pool.query()` checks clients out with a callback and releases them itself: it is left as it is.
 */
export class TransactionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then(releaseIfFirstQueryFails);
  }
}
