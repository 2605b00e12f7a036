import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseReady } from './client';
import { connectTimeoutMs, openPostgres } from './postgres-driver';

/** A "database" that accepts connections and never says a word, as a host behind a dead link would. */
let silent: net.Server;
const sockets = new Set<net.Socket>();
beforeAll(async () => {
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a database that does not answer', () => {
  it('fails a query within the connect timeout instead of hanging it', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const database = openPostgres(`postgres://bank@127.0.0.1:${port}/bank`);
    const started = Date.now();
    try {
      await expect(isDatabaseReady(database.db)).rejects.toThrow();
      const waitedMs = Date.now() - started;
      expect(waitedMs).toBeGreaterThanOrEqual(connectTimeoutMs - 100);
      expect(waitedMs).toBeLessThan(connectTimeoutMs + 3_000);
    } finally {
      await database.close();
    }
  }, 20_000);
});
