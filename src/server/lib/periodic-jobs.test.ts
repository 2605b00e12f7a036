import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createScratchDatabase, createTestDatabase } from '../test-support/test-database';
import { claimJobPeriod, jobDueShareOfPeriod, startPeriodicJob } from './periodic-jobs';

/**
 * Two instances: on PostgreSQL two connection pools on one database, as two server processes
 * have; on PGlite the one connection an embedded database has, shared.
 */
let first: DatabaseHandle;
let second: DatabaseHandle;
let dropScratch: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    first = await createTestDatabase();
    second = first;
    return;
  }
  const scratch = await createScratchDatabase(serverUrl);
  dropScratch = scratch.drop;
  first = await openDatabase({ databaseUrl: scratch.url });
  await first.migrate();
  second = await openDatabase({ databaseUrl: scratch.url });
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
  await dropScratch?.();
});

const silentLog = { warn: () => undefined };

describe('claimJobPeriod', () => {
  it('gives each period to one caller: again only once most of the period has passed', async () => {
    expect(await claimJobPeriod(first.db, 'claim-test', 60_000)).toBe(true);
    expect(await claimJobPeriod(second.db, 'claim-test', 60_000)).toBe(false);
    await first.db.execute(sql`UPDATE job_run SET last_started_at = now() - interval '50 seconds' WHERE name = 'claim-test'`);
    expect(await claimJobPeriod(first.db, 'claim-test', 60_000)).toBe(false);
    await first.db.execute(sql`UPDATE job_run SET last_started_at = now() - ${Math.ceil(60 * jobDueShareOfPeriod)} * interval '1 second' WHERE name = 'claim-test'`);
    expect(await claimJobPeriod(second.db, 'claim-test', 60_000)).toBe(true);
  });

  it('gives a period to exactly one of 50 callers asking at once from two instances', async () => {
    const claims = await Promise.all(Array.from({ length: 50 }, (_, index) => claimJobPeriod((index % 2 ? first : second).db, 'race-test', 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [row] = (await first.db.execute<{ runs: number }>(sql`SELECT runs FROM job_run WHERE name = 'race-test'`)).rows;
    expect(Number(row?.runs)).toBe(1);
  });
});

describe('startPeriodicJob on two instances', () => {
  it('runs the job once per period in all, not once per instance', async () => {
    const periodMs = 300;
    const startedAt: number[] = [];
    const job = { name: 'two-instances', periodMs, run: async () => void startedAt.push(Date.now()) };
    const instances = [startPeriodicJob(first.db, job, silentLog), startPeriodicJob(second.db, job, silentLog)];
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await Promise.all(instances.map((instance) => instance.stop()));

    // Ten periods in three seconds; each instance alone would have run about ten times, the two
    // together about twenty. The gaps between starts are not compared: the database's clock decides
    // a period, and a loaded machine delays the test's sight of a start by hundreds of milliseconds.
    expect(startedAt.length).toBeGreaterThanOrEqual(6);
    expect(startedAt.length).toBeLessThanOrEqual(11);
    const [row] = (await first.db.execute<{ runs: number }>(sql`SELECT runs FROM job_run WHERE name = 'two-instances'`)).rows;
    expect(Number(row?.runs)).toBe(startedAt.length);
  });

  it('logs a failed run and runs again the next period', async () => {
    const warnings: string[] = [];
    let attempts = 0;
    const job = {
      name: 'failing',
      periodMs: 200,
      run: async () => {
        attempts += 1;
        throw new Error('the mail server is down');
      },
    };
    const running = startPeriodicJob(first.db, job, { warn: (_detail, message) => void warnings.push(message) });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await running.stop();
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(warnings[0]).toBe('periodic job failed');
  });
});
