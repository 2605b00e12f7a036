import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../errors';
import { createTestDatabase } from '../test-support/test-database';
import type { WritePart } from '../db/write-together';
import { GroupCommit, type OrderOutcome } from './group-commit';

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

function probeCommit(batchSizes: number[], maxQueued = 1_000) {
  return new GroupCommit<string, string>({
    db: handle.db,
    maxBatch: 64,
    maxInFlight: 2,
    maxQueued,
    decideMany: async (_tx, names) => {
      batchSizes.push(names.length);
      const outcomes: Array<OrderOutcome<string>> = [];
      const written: string[] = [];
      for (const name of names) {
        if (name.startsWith('poison')) throw new Error(`${name} broke the batch`);
        if (name.startsWith('refused')) {
          outcomes.push({ refused: new AppError(400, 'refused', `${name} is refused`) });
          continue;
        }
        written.push(name);
        outcomes.push({ done: `wrote ${name}` });
      }
      const write: WritePart = {
        steps: [['probe_rows', sql`INSERT INTO group_commit_probe (name) SELECT * FROM json_array_elements_text(${JSON.stringify(written)}::json) RETURNING 1`]],
        answer: sql`(SELECT count(*)::int FROM probe_rows)`,
        check: (count) => expect(count).toBe(written.length),
      };
      return { outcomes, writes: [write] };
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

  it('refuses at once, as busy and writing nothing, an order that finds the queue full, and takes orders again once it has room', async () => {
    await handle.db.execute(sql`DELETE FROM group_commit_probe`);
    const batchSizes: number[] = [];
    const commit = probeCommit(batchSizes, 5);
    const names = Array.from({ length: 12 }, (_, index) => `order-${String(index).padStart(2, '0')}`);
    const settled = await Promise.allSettled(names.map((name) => commit.submit(name)));

    expect(settled.slice(0, 5).map((outcome) => outcome.status)).toEqual(Array(5).fill('fulfilled'));
    for (const outcome of settled.slice(5)) expect(outcome).toMatchObject({ status: 'rejected', reason: { statusCode: 503, code: 'busy', headers: { 'retry-after': '1' } } });
    expect(batchSizes).toEqual([5]);
    expect(await probeRows()).toEqual(names.slice(0, 5));
    await expect(commit.submit('order-12')).resolves.toBe('wrote order-12');
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

  it('answers resent keys from their stored answers: a resend that would be refused at once, one that would be done after its batch rolls back; the other orders are written once', async () => {
    await handle.db.execute(sql`DELETE FROM group_commit_probe`);
    await handle.db.execute(sql`
      INSERT INTO idempotency_record (user_id, key, fingerprint, state, response_body) VALUES
        ('probe-user', 'key-sent', 'print-sent', 'done', '"the first answer"'),
        ('probe-user', 'key-refused-now', 'print-refused', 'done', '"the answer before"'),
        ('probe-user', 'key-other', 'print-other', 'done', '"another request"')`);
    const batchSizes: number[] = [];
    const commit = probeCommit(batchSizes);
    const claim = (key: string, fingerprint: string) => ({ userId: 'probe-user', key, fingerprint });
    const settled = await Promise.allSettled([
      commit.submit('new-1', claim('key-new', 'print-new')),
      commit.submit('sent-again', claim('key-sent', 'print-sent')),
      commit.submit('refused-now', claim('key-refused-now', 'print-refused')),
      commit.submit('other-request', claim('key-other', 'a different request')),
      commit.submit('no-key'),
    ]);

    expect(settled).toMatchObject([
      { status: 'fulfilled', value: 'wrote new-1' },
      { status: 'fulfilled', value: 'the first answer' },
      { status: 'fulfilled', value: 'the answer before' },
      { status: 'rejected', reason: { statusCode: 422, code: 'idempotency_key_reused' } },
      { status: 'fulfilled', value: 'wrote no-key' },
    ]);
    // All five were decided together; two keys were found answered, so the batch rolled back, those
    // two went alone (each answered from its key, deciding nothing) and the other three together.
    expect(batchSizes).toEqual([5, 3]);
    expect(await probeRows()).toEqual(['new-1', 'no-key']);
    const stored = await handle.db.execute<{ key: string; response_body: unknown }>(sql`
      SELECT key, response_body FROM idempotency_record WHERE user_id = 'probe-user' ORDER BY key`);
    expect(stored.rows).toEqual([
      { key: 'key-new', response_body: 'wrote new-1' },
      { key: 'key-other', response_body: 'another request' },
      { key: 'key-refused-now', response_body: 'the answer before' },
      { key: 'key-sent', response_body: 'the first answer' },
    ]);
  });
});
