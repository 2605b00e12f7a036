import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { schema } from '../../db/client';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test-support/test-database';
import type { ClearingClient, Exchange } from './clearing-client';
import { startOutboxWorker } from './clearing-worker';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const log = () => ({ error: vi.fn(), debug: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

/** An outbox message with no payment: the worker sends it; what the switch answers does not matter here. */
async function queueMessage(id: string): Promise<void> {
  await database.db.insert(schema.clearingOutbox).values({ messageId: id, messageType: 'pacs.028', xml: '<not-read/>' });
}

describe('the outbox worker', () => {
  it('sweeps one at a time however often it is kicked, and logs a failed sweep and goes on', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let calls = 0;
    const client: ClearingClient = {
      async exchange(): Promise<Exchange> {
        running += 1;
        calls += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return { sentXml: '', outcome: { kind: 'unknown', cause: 'timeout' } };
      },
    };
    const logger = log();
    const worker = startOutboxWorker(database.db, client, logger, false);
    // The stored XML is not a message: the first sweep fails while it parses it, and is logged.
    await queueMessage('WORKER-UNREADABLE');
    await worker.drain();
    expect(logger.error).toHaveBeenCalledTimes(1);
    await database.db.delete(schema.clearingOutbox);

    await database.db.insert(schema.clearingOutbox).values({
      messageId: 'WORKER-1',
      messageType: 'pacs.028',
      state: 'unknown',
      xml: '<unused/>',
    });
    for (let kick = 0; kick < 5; kick += 1) worker.kick();
    await worker.drain();
    expect(mostAtOnce).toBe(1);
    expect(calls).toBe(1);
    await worker.stop();
    worker.kick();
    await worker.drain();
    expect(calls).toBe(1);
  });
});
