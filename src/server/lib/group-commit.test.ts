import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../errors';
import { createTestDatabase } from '../test-support/test-database';
import { GroupCommit } from './group-commit';

/**
 * The batching itself, on a real database: orders are rows of a probe table, a refusal is an
 * AppError, and "poison" is an order whose work fails in a way that is not a refusal.
 */
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.execute(sql`CREATE TABLE group_commit_probe (name text PRIMARY KEY)`);
});
afterAll(async () => handle.close());

async function probeRows(): Promise<string[]> {
  const result = await handle.db.execute<{ name: string }>(sql`SELECT name FROM group_commit_probe ORDER BY name`);
  return result.rows.map((row) => row.name);
}

function probeCommit(batchSizes: number[]) {
  return new GroupCommit<string, string>({
    db: handle.db,
    maxBatch: 64,
    maxInFlight: 2,
    runMany: async (tx, names) => {
      batchSizes.push(names.length);
      const outcomes = [];
      for (const name of names) {
        if (name.startsWith('poison')) throw new Error(`${name} broke the batch`);
        if (name.startsWith('refused')) {
          outcomes.push({ refused: new AppError(400, 'refused', `${name} is refused`) });
          continue;
        }
        await tx.execute(sql`INSERT INTO group_commit_probe (name) VALUES (${name})`);
        outcomes.push({ done: `wrote ${name}` });
      }
      return outcomes;
    },
  });
}

describe('committing concurrent orders together', () => {
  it('sends the orders that arrive in one turn of the event loop as one batch, each with its own answer', async () => {
    await handle.db.execute(sql`DELETE FROM group_commit_probe`);
    const batchSizes: number[] = [];
    const commit = probeCommit(batchSizes);
    const names = Array.from({ length: 50 }, (_, index) => (index % 10 === 7 ? `refused-${index}` : `order-${String(index).padStart(2, '0')}`));
    const settled = await Promise.allSettled(names.map((name) => commit.submit(name)));

    // The queue is taken at the next turn of the event loop, by which time all fifty are in it.
    expect(batchSizes).toEqual([50]);
    settled.forEach((outcome, index) => {
      const name = names[index] ?? '';
      if (name.startsWith('refused')) expect(outcome).toMatchObject({ status: 'rejected', reason: { statusCode: 400, message: `${name} is refused` } });
      else expect(outcome).toEqual({ status: 'fulfilled', value: `wrote ${name}` });
    });
    expect(await probeRows()).toEqual(names.filter((name) => !name.startsWith('refused')).sort());
  });

  it('retries a batch that failed as a whole one order at a time: the others are written once, the failing one alone fails', async () => {
    await handle.db.execute(sql`DELETE FROM group_commit_probe`);
    const batchSizes: number[] = [];
    const commit = probeCommit(batchSizes);
    const names = ['a-1', 'a-2', 'b-1', 'poison-1', 'b-2', 'refused-1', 'b-3'];
    const settled = await Promise.allSettled(names.map((name) => commit.submit(name)));

    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(settled[3]).toMatchObject({ reason: { message: 'poison-1 broke the batch' } });
    expect(settled[5]).toMatchObject({ reason: { statusCode: 400 } });
    // The batch of seven rolled back whole, then each of its orders ran in a transaction of its own.
    expect([...batchSizes].sort((a, b) => a - b)).toEqual([1, 1, 1, 1, 1, 1, 1, 7]);
    expect(await probeRows()).toEqual(['a-1', 'a-2', 'b-1', 'b-2', 'b-3']);
  });
});
