import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { sessionCacheTtlMs } from './lib/session-cache';
import { call } from './test-support/banking';
import { buildTestInstance, createTestApp, registerCustomer, signInStaff, type TestApp } from './test-support/test-app';

/**
 * Two instances behind one database, as behind a load balancer. Each keeps a checked session
 * for a second; signing out or being disabled on one must stop the session on the other within
 * that second, with nothing passed between them but the database.
 */
let first: TestApp;
let second: App;
let secondDataDir: string;

beforeAll(async () => {
  first = await createTestApp();
  secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-second-'));
  second = await buildTestInstance(first.database, secondDataDir);
});
afterAll(async () => {
  await second.close();
  await first.close();
  fs.rmSync(secondDataDir, { recursive: true, force: true });
});

/** Milliseconds until `second` refuses the cookie, polling every 50 ms for at most 5 s. */
async function millisecondsUntilRefused(cookie: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 5_000) {
    if ((await call(second, 'GET', '/api/userAccount', cookie)).statusCode === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

// The cache's second plus a margin for two cores busy with the rest of the suite.
const allowedMs = sessionCacheTtlMs + 500;

describe('a session checked on another instance', () => {
  it('stops working there within a second of staff disabling the user', async () => {
    const customer = await registerCustomer(first.app);
    expect((await call(second, 'GET', '/api/userAccount', customer.cookie)).statusCode).toBe(200);
    const staff = await signInStaff(first.app);
    expect((await call(first.app, 'DELETE', `/api/allUsers/${customer.userId}`, staff)).statusCode).toBe(200);
    expect((await call(first.app, 'GET', '/api/userAccount', customer.cookie)).statusCode).toBe(401);
    expect(await millisecondsUntilRefused(customer.cookie)).toBeLessThan(allowedMs);
  });

  it('stops working there within a second of signing out', async () => {
    const customer = await registerCustomer(first.app);
    expect((await call(second, 'GET', '/api/userAccount', customer.cookie)).statusCode).toBe(200);
    const signOut = await call(first.app, 'POST', '/api/auth/sign-out', customer.cookie, {});
    expect(signOut.statusCode).toBe(200);
    expect((await call(first.app, 'GET', '/api/userAccount', customer.cookie)).statusCode).toBe(401);
    expect(await millisecondsUntilRefused(customer.cookie)).toBeLessThan(allowedMs);
  });
});
