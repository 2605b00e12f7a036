import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test-support/test-database';
import { TransactionSafePool } from './transaction-safe-pool';

const serverUrl = process.env.DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A BEGIN PostgreSQL refuses, on a healthy connection: drizzle puts the isolation level into the statement as given. */
const failingBegin = { isolationLevel: 'no such level' } as unknown as { isolationLevel: 'serializable' };

/** The transaction's answer, or 'hung' when the pool has no client to give it within two seconds. */
async function nextTransaction(pool: pg.Pool): Promise<unknown> {
  const db = drizzle(pool);
  const answer = db.transaction(async (tx) => (await tx.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows[0]?.one);
  return Promise.race([answer, sleep(2_000).then(() => 'hung')]);
}

describe.skipIf(!serverUrl)('a pool whose transactions cannot leak a client (PostgreSQL)', () => {
  it('a transaction whose BEGIN fails gives its client back: the next transaction on a one-client pool runs', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    cleanups.push(() => scratch.drop());
    const pool = new TransactionSafePool({ connectionString: scratch.url, max: 1 });
    cleanups.push(() => pool.end());
    await expect(drizzle(pool).transaction(async () => 'never run', failingBegin)).rejects.toThrow();
    expect(await nextTransaction(pool)).toBe(1);
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });

  it('a plain pg.Pool loses that client for good (the drizzle behaviour the pool works around: when this fails, drizzle is fixed)', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    // The leaked client is never released, so the pool cannot end; dropping the database closes its connection.
    cleanups.push(() => scratch.drop());
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    // The leaked client's connection ends with the database: nobody holds it to hear that.
    pool.on('connect', (client) => client.on('error', () => undefined));
    await expect(drizzle(pool).transaction(async () => 'never run', failingBegin)).rejects.toThrow();
    expect(await nextTransaction(pool)).toBe('hung');
  });

  it('a client checked out by hand is released once, whether its first query fails or its holder releases it, or both', async () => {
    const scratch = await createScratchDatabase(serverUrl as string);
    cleanups.push(() => scratch.drop());
    const pool = new TransactionSafePool({ connectionString: scratch.url, max: 1 });
    cleanups.push(() => pool.end());
    const failing = await pool.connect();
    await expect(failing.query('SELECT no_such_column')).rejects.toThrow();
    expect(() => failing.release()).not.toThrow();
    const neverReleased = await pool.connect();
    await expect(neverReleased.query('SELECT no_such_column')).rejects.toThrow();
    const again = await pool.connect();
    expect((await again.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    await expect(again.query('SELECT no_such_column')).rejects.toThrow();
    again.release();
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
  });
});
