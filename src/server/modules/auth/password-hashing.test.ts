import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/client';
import { createTestApp, registerCustomer, signIn, type TestApp } from '../../test-support/test-app';
import { testPasswordHashing } from '../../test-support/test-password-hashing';

let server: TestApp;
let suite: TestApp;

beforeAll(async () => {
  [server, suite] = await Promise.all([createTestApp({ productionPasswordHashing: true }), createTestApp()]);
});
afterAll(async () => Promise.all([server.close(), suite.close()]));

async function storedHash(harness: TestApp, userId: string): Promise<string> {
  const [row] = await harness.database.db.select({ password: schema.account.password }).from(schema.account).where(eq(schema.account.userId, userId));
  return row?.password ?? '';
}

describe('password hashing', () => {
  it('is better-auth’s own scrypt on the server: the stored hash is what its verifier accepts, and signing in works', async () => {
    const customer = await registerCustomer(server.app, { password: 'a long customer passphrase 42' });
    const hash = await storedHash(server, customer.userId);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 'a long customer passphrase 42' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'a long customer passphrase 43' })).toBe(false);
    expect((await signIn(server.app, customer.email, 'a long customer passphrase 42')).statusCode).toBe(200);
    expect((await signIn(server.app, customer.email, 'a long customer passphrase 43')).statusCode).toBe(401);
  });

  it('is a cheaper scrypt in the rest of the suite, which the server’s verifier does not accept: the two never mix', async () => {
    const customer = await registerCustomer(suite.app, { password: 'a long customer passphrase 42' });
    const hash = await storedHash(suite, customer.userId);
    expect(await testPasswordHashing.verify({ hash, password: 'a long customer passphrase 42' })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'a long customer passphrase 43' })).toBe(false);
    expect(await verifyPassword({ hash, password: 'a long customer passphrase 42' })).toBe(false);
    expect((await signIn(suite.app, customer.email, 'a long customer passphrase 42')).statusCode).toBe(200);
    expect((await signIn(suite.app, customer.email, 'a long customer passphrase 43')).statusCode).toBe(401);
  });
});
