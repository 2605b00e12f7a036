import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app';
import { authSecretFile, resolveAuthSecret, sharedAuthSecret } from './lib/auth-secret';
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

describe('a generated server secret behind one PostgreSQL database', () => {
  const folders: string[] = [];
  const emptyDataDir = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-instance-'));
    folders.push(folder);
    return folder;
  };
  afterAll(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));
  const rows = async () => (await first.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM auth_secret`)).rows[0]?.count;

  it('is made once when fifty instances start together: every one gets the same', async () => {
    await first.database.db.execute(sql`DELETE FROM auth_secret`);
    const candidates = Array.from({ length: 50 }, (_, index) => `candidate-secret-of-instance-${index}-${'x'.repeat(32)}`);
    const secrets = await Promise.all(candidates.map((candidate) => sharedAuthSecret(first.database.db, candidate)));
    expect(new Set(secrets).size).toBe(1);
    expect(candidates).toContain(secrets[0]);
    expect(await rows()).toBe(1);
  });

  it('is read from the database by instances with data folders of their own, whose sessions then work on each other', async () => {
    await first.database.db.execute(sql`DELETE FROM auth_secret`);
    const dataDirs = [emptyDataDir(), emptyDataDir()];
    const secrets = await Promise.all(dataDirs.map((dataDir) => resolveAuthSecret(undefined, dataDir, first.database)));
    if (first.database.driver === 'pglite') {
      // The embedded database has one instance, and its secret lives beside it in DATA_DIR.
      expect(dataDirs.every((dataDir) => fs.existsSync(path.join(dataDir, authSecretFile)))).toBe(true);
      return;
    }
    expect(secrets[0]).toBe(secrets[1]);
    expect(dataDirs.some((dataDir) => fs.existsSync(path.join(dataDir, authSecretFile)))).toBe(false);
    const [one, other] = await Promise.all(dataDirs.map((dataDir, index) => buildTestInstance(first.database, dataDir, { authSecret: secrets[index] })));
    try {
      const customer = await registerCustomer(one!);
      expect((await call(other!, 'GET', '/api/userAccount', customer.cookie)).statusCode).toBe(200);
    } finally {
      await Promise.all([one?.close(), other?.close()]);
    }
  });

  it('is, on a database without one yet, the secret an instance already kept in its data folder', async () => {
    if (first.database.driver === 'pglite') return;
    await first.database.db.execute(sql`DELETE FROM auth_secret`);
    const upgraded = emptyDataDir();
    const earlier = 'the-secret-this-instance-generated-before-the-table-0123456789';
    fs.writeFileSync(path.join(upgraded, authSecretFile), `${earlier}\n`, { mode: 0o600 });
    expect(await resolveAuthSecret(undefined, upgraded, first.database)).toBe(earlier);
    expect(await resolveAuthSecret(undefined, emptyDataDir(), first.database)).toBe(earlier);
    // A secret from the environment wins, and is not written anywhere.
    expect(await resolveAuthSecret('from-the-environment-0123456789-0123456789', emptyDataDir(), first.database)).toBe('from-the-environment-0123456789-0123456789');
    expect(await rows()).toBe(1);
  });
});
