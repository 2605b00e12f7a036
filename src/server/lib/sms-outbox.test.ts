import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test-support/test-database';
import { createHttpSmsGateway, type OutgoingSms } from './sms-gateway';
import { deliverDueSms, storeSms } from './sms-outbox';

let database: DatabaseHandle;
let server: http.Server;
let url: string;
const received: Array<{ body: OutgoingSms; key: string | undefined }> = [];
let failNext = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        response.writeHead(503).end();
        return;
      }
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OutgoingSms, key: request.headers['idempotency-key'] as string | undefined });
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
}, 60_000);
afterAll(async () => {
  server.close();
  await database.close();
});

describe('the SMS outbox through an HTTP gateway', () => {
  it('sends a stored message once with its id as the Idempotency-Key, retries a failed send, and never sends an expired one', async () => {
    const gateway = createHttpSmsGateway(url);
    const id = await storeSms(database.db, { to: '+8801712345678', text: 'Code 123456\r\nto send', expiresAt: new Date(Date.now() + 60_000) });
    await storeSms(database.db, { to: '+8801712345679', text: 'too late', expiresAt: new Date(Date.now() - 1_000) });

    failNext = 1;
    expect(await deliverDueSms(database.db, gateway)).toEqual({ sent: 0, failed: 1 });
    expect(received).toEqual([]);
    // Due again after its retry delay: moved to now, as the clock would.
    await database.db.execute(sql`UPDATE sms_message SET next_attempt_at = now() WHERE sent_at IS NULL`);
    expect(await deliverDueSms(database.db, gateway)).toEqual({ sent: 1, failed: 0 });
    expect(received).toEqual([{ body: { id, to: '+8801712345678', text: 'Code 123456 to send' }, key: id }]);
    expect(await deliverDueSms(database.db, gateway)).toEqual({ sent: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });
});
