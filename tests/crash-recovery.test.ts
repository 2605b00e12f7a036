import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { verifyLedger } from '../src/server/modules/ledger/ledger';
import { call, openFundedAccount } from '../src/server/test-support/banking';
import { registerCustomer, signInStaff, staffCredentials } from '../src/server/test-support/test-app';
import { createServerFixture, startServerProcess, type StartedServer } from './support/built-server';

/**
 * The server killed (SIGKILL) in the middle of a burst of transfers, then started again on what
 * it left: every transfer the customer's app sends again with its Idempotency-Key gets a definite
 * answer at once, and each one moved money exactly once, whether its first answer arrived or not.
 */
const fixture = await createServerFixture('bank-crash-');

afterAll(async () => fixture.cleanup());

const serverEnvironment = () =>
  fixture.environment({ STAFF_EMAIL: staffCredentials.email, STAFF_PASSWORD: staffCredentials.password, RATE_LIMIT_MULTIPLIER: '1000' });

/**
 * The test helpers speak to an app through `inject`; this one carries each request over real
 * HTTP to the server process instead, so the same helpers set up customers and accounts there.
 */
function overHttp(baseUrl: string): App {
  const inject = async (request: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) => {
    const headers: Record<string, string> = { ...request.headers };
    let body: string | Blob | undefined;
    if (Buffer.isBuffer(request.payload)) body = new Blob([new Uint8Array(request.payload)]);
    else if (typeof request.payload === 'string') body = request.payload;
    else if (request.payload !== undefined) {
      body = JSON.stringify(request.payload);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${request.url}`, { method: request.method, headers, body });
    const text = await response.text();
    const responseHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers.entries());
    responseHeaders['set-cookie'] = response.headers.getSetCookie();
    return { statusCode: response.status, body: text, headers: responseHeaders, json: () => JSON.parse(text) as unknown };
  };
  return { inject, publicUrl: baseUrl } as unknown as App;
}

type Order = { key: string; answer: 'moved' | 'refused' | 'lost' };

async function sendTransfer(baseUrl: string, cookie: string, body: Record<string, unknown>, key: string): Promise<Order['answer'] | 'in-progress'> {
  try {
    const response = await fetch(`${baseUrl}/api/userMoneyTrans`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie, 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (response.status === 200) return 'moved';
    if (response.status === 409) return 'in-progress';
    return response.status >= 500 ? 'lost' : 'refused';
  } catch {
    return 'lost';
  }
}

function killed(server: StartedServer): Promise<void> {
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

describe('a server killed mid-transfer', () => {
  it('answers every retried transfer at once after the restart, and moved each one exactly once', async () => {
    let server = await startServerProcess(serverEnvironment());
    let app = overHttp(server.baseUrl);
    const staff = await signInStaff(app);
    const sender = await registerCustomer(app, { name: 'Rahima Khatun' });
    const receiver = await registerCustomer(app, { name: 'Tanvir Ahmed' });
    const from = await openFundedAccount(app, sender, staff, 100_000);
    const to = await openFundedAccount(app, receiver, staff, 0, { user: 'Tanvir Ahmed', role: 'Current' });
    const body = { id: from, transfer: 'Current', user: 'Tanvir Ahmed', accNum: to, sendAmount: 1 };

    const orders: Order[] = Array.from({ length: 300 }, () => ({ key: `crash-${randomUUID()}`, answer: 'lost' }));
    let next = 0;
    let moved = 0;
    let crash: Promise<void> | undefined;
    const baseUrl = server.baseUrl;
    const worker = async () => {
      while (next < orders.length) {
        const order = orders[next++] as Order;
        const answer = await sendTransfer(baseUrl, sender.cookie, body, order.key);
        order.answer = answer === 'in-progress' ? 'lost' : answer;
        if (answer === 'moved') moved += 1;
        // Killed with transfers in flight, once some have been acknowledged.
        if (moved === 40 && !crash) crash = killed(server);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await crash;
    const lostAtCrash = orders.filter((order) => order.answer === 'lost').length;
    expect(lostAtCrash).toBeGreaterThan(0);

    server = await startServerProcess(serverEnvironment());
    app = overHttp(server.baseUrl);
    try {
      // The customer's app sends each unanswered transfer again with its key: one try must settle it.
      for (const order of orders.filter((candidate) => candidate.answer === 'lost')) {
        const answer = await sendTransfer(server.baseUrl, sender.cookie, body, order.key);
        expect(answer, order.key).not.toBe('in-progress');
        expect(answer, order.key).not.toBe('lost');
        order.answer = answer as Order['answer'];
      }
      const movedOrders = orders.filter((order) => order.answer === 'moved').length;
      expect(movedOrders).toBe(orders.length);
      const senderView = await call(app, 'GET', `/api/singleAccDetails/${from}`, sender.cookie);
      const receiverView = await call(app, 'GET', `/api/singleAccDetails/${to}`, receiver.cookie);
      expect(receiverView.json()).toMatchObject({ amount: movedOrders });
      expect(senderView.json()).toMatchObject({ amount: 100_000 - movedOrders });
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const database = await openDatabase({ databaseUrl: fixture.databaseUrl, pgliteDir: path.join(fixture.dataDir, 'pglite') });
    try {
      const entries = await database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM journal_entry WHERE kind = 'transfer'`);
      expect(Number(entries.rows[0]?.count)).toBe(orders.length);
      expect(await verifyLedger(database.db)).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
    } finally {
      await database.close();
    }
  });
});
