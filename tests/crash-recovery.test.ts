import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { verifyLedger } from '../src/server/modules/ledger/ledger';
import { call, openFundedAccount } from '../src/server/test-support/banking';
import { registerCustomer, signInStaff, staffCredentials } from '../src/server/test-support/test-app';
import { createServerFixture, killServer, startServerProcess } from './support/built-server';
import { overHttp, sendTransfer } from './support/over-http';

/**
 * The server killed (SIGKILL) in the middle of a burst of transfers, then started again on what
 * it left: every transfer the customer's app sends again with its Idempotency-Key gets a definite
 * answer at once, and each one moved money exactly once, whether its first answer arrived or not.
 */
const fixture = await createServerFixture('bank-crash-');

afterAll(async () => fixture.cleanup());

const serverEnvironment = () => fixture.environment({ STAFF_EMAIL: staffCredentials.email, STAFF_PASSWORD: staffCredentials.password, RATE_LIMIT_MULTIPLIER: '1000' });

type Order = { key: string; answer: 'moved' | 'refused' | 'lost' };

describe('a server killed mid-transfer', () => {
  it('answers every retried transfer at once after the restart, and moved each one exactly once', async () => {
    let server = await startServerProcess(serverEnvironment());
    let app = overHttp(server.baseUrl);
    const staff = await signInStaff(app);
    const sender = await registerCustomer(app, { name: 'Rahima Khatun' });
    const receiver = await registerCustomer(app, { name: 'Tanvir Ahmed' });
    const from = await openFundedAccount(app, sender, staff, 100_000);
    const to = await openFundedAccount(app, receiver, staff, 0, { user: 'Tanvir Ahmed', role: 'Current' });
    const amountBdt = 10;
    const body = { id: from, confirmedName: 'Tanvir Ahmed', accNum: to, sendAmount: amountBdt };

    const orders: Order[] = Array.from({ length: 300 }, () => ({ key: `crash-${randomUUID()}`, answer: 'lost' }));
    let next = 0;
    let moved = 0;
    let crash: Promise<void> | undefined;
    const baseUrl = server.baseUrl;
    const worker = async () => {
      while (next < orders.length) {
        const order = orders[next++] as Order;
        const { answer } = await sendTransfer(baseUrl, sender.cookie, body, order.key);
        order.answer = answer === 'in-progress' ? 'lost' : answer;
        if (answer === 'moved') moved += 1;
        // Killed with transfers in flight, once some have been acknowledged.
        if (moved === 40 && !crash) crash = killServer(server);
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
        const { answer } = await sendTransfer(server.baseUrl, sender.cookie, body, order.key);
        expect(answer, order.key).not.toBe('in-progress');
        expect(answer, order.key).not.toBe('lost');
        order.answer = answer as Order['answer'];
      }
      const movedOrders = orders.filter((order) => order.answer === 'moved').length;
      expect(movedOrders).toBe(orders.length);
      const senderView = await call(app, 'GET', `/api/singleAccDetails/${from}`, sender.cookie);
      const receiverView = await call(app, 'GET', `/api/singleAccDetails/${to}`, receiver.cookie);
      expect(receiverView.json()).toMatchObject({ amount: movedOrders * amountBdt });
      expect(senderView.json()).toMatchObject({ amount: 100_000 - movedOrders * amountBdt });
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
  }, 180_000);
});
