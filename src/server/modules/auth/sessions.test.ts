import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdleSeconds, sessionLifetimeSeconds } from '../../../shared/constants';
import { schema } from '../../db/client';
import { call } from '../../test-support/banking';
import { createTestApp, registerCustomer, testAuthSecret, type TestApp } from '../../test-support/test-app';
import { deleteEndedSessions, judgeSession, sessionActivityWriteSeconds, signedSessionToken } from './sessions';

const minute = 60_000;
const now = new Date('2026-11-24T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);

describe('the session rule', () => {
  const fresh = { expiresAt: later(11 * 60 * minute), lastActiveAt: ago(10_000), banned: false, superseded: false };

  it('keeps an active session, ending it the idle timeout after its last recorded activity', () => {
    expect(judgeSession(fresh, now)).toEqual({ kind: 'active', endsAt: new Date(fresh.lastActiveAt.getTime() + sessionIdleSeconds * 1000), writeActivity: false });
  });

  it('records activity at most once a minute, and then counts the idle timeout from now', () => {
    const quiet = { ...fresh, lastActiveAt: ago(sessionActivityWriteSeconds * 1000) };
    expect(judgeSession(quiet, now)).toEqual({ kind: 'active', endsAt: later(sessionIdleSeconds * 1000), writeActivity: true });
  });

  it('never goes past the absolute end, however active', () => {
    const late = { ...fresh, expiresAt: later(5 * minute) };
    expect(judgeSession(late, now)).toMatchObject({ kind: 'active', endsAt: late.expiresAt });
  });

  it('ends a session idle for the idle timeout, or past its absolute end', () => {
    expect(judgeSession({ ...fresh, lastActiveAt: ago(sessionIdleSeconds * 1000) }, now)).toEqual({ kind: 'ended', reason: 'idle' });
    expect(judgeSession({ ...fresh, lastActiveAt: ago(sessionIdleSeconds * 1000 - 1) }, now).kind).toBe('active');
    expect(judgeSession({ ...fresh, expiresAt: now }, now)).toEqual({ kind: 'ended', reason: 'expired' });
  });

  it('ends a session made before its user turned on or replaced a second factor, whatever else holds', () => {
    expect(judgeSession({ ...fresh, superseded: true }, now)).toEqual({ kind: 'ended', reason: 'superseded' });
  });

  it('refuses a disabled user', () => {
    expect(judgeSession({ ...fresh, banned: true }, now)).toEqual({ kind: 'disabled' });
  });
});

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(async () => harness.close());

async function sessionRowOf(userId: string) {
  const [row] = await harness.database.db.select().from(schema.session).where(eq(schema.session.userId, userId));
  return row;
}

/**
 * Each instance trusts a checked cookie header for a second. The rule is tested on the database's
 * state, so each request sends a header of its own (the same session cookie, one more harmless cookie).
 */
let requestNumber = 0;
const uncached = (cookie: string) => `${cookie}; request=${++requestNumber}`;

describe('a signed-in session', () => {
  it('is signed by better-auth with the secret: a changed or foreign signature names no session', async () => {
    const customer = await registerCustomer(harness.app);
    const row = await sessionRowOf(customer.userId);
    expect(signedSessionToken(customer.cookie, testAuthSecret)).toBe(row?.token);
    expect(signedSessionToken(customer.cookie, 'another secret of at least thirty-two characters')).toBeNull();
    const [name, value = ''] = customer.cookie.split('=');
    const decoded = decodeURIComponent(value);
    // A character well inside the base64 signature: every one of its bits counts, where the last
    // one before the padding also carries bits a decoder ignores (changing only those forges nothing).
    const forged = `${decoded.slice(0, -10)}${decoded.at(-10) === 'A' ? 'B' : 'A'}${decoded.slice(-9)}`;
    expect(signedSessionToken(`${name}=${encodeURIComponent(forged)}`, testAuthSecret)).toBeNull();
    expect(signedSessionToken(`${name}=${encodeURIComponent(`${row?.token}`)}`, testAuthSecret)).toBeNull();
    expect((await call(harness.app, 'GET', '/api/userAccount', `${name}=${encodeURIComponent(forged)}`)).statusCode).toBe(401);
  });

  it('ends 12 hours after sign-in and says on every answer how long it has left', async () => {
    const customer = await registerCustomer(harness.app);
    const row = await sessionRowOf(customer.userId);
    expect(Math.abs((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0) - sessionLifetimeSeconds * 1000)).toBeLessThan(5_000);
    const answer = await call(harness.app, 'GET', '/api/userAccount', uncached(customer.cookie));
    expect(answer.statusCode).toBe(200);
    const endsIn = Number(answer.headers['session-ends-in']);
    expect(endsIn).toBeGreaterThan(sessionIdleSeconds - 5);
    expect(endsIn).toBeLessThanOrEqual(sessionIdleSeconds);

    // Active a minute ago, but signed in longer ago than the absolute lifetime allows.
    await harness.database.db
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() - 1_000), lastActiveAt: new Date(Date.now() - minute) })
      .where(eq(schema.session.userId, customer.userId));
    expect((await call(harness.app, 'GET', '/api/userAccount', uncached(customer.cookie))).statusCode).toBe(401);
    expect(await sessionRowOf(customer.userId)).toBeUndefined();
  });

  it('ends after 30 minutes without a request, and the cookie is cleared when the app next asks', async () => {
    const customer = await registerCustomer(harness.app);
    await harness.database.db
      .update(schema.session)
      .set({ lastActiveAt: new Date(Date.now() - sessionIdleSeconds * 1000 - 1_000) })
      .where(eq(schema.session.userId, customer.userId));
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: uncached(customer.cookie) } });
    expect(session.json()).toBeNull();
    expect(String(session.headers['set-cookie'])).toMatch(/^better-auth\.session_token=; Max-Age=0/);
    expect(await sessionRowOf(customer.userId)).toBeUndefined();
    expect((await call(harness.app, 'GET', '/api/userAccount', uncached(customer.cookie))).statusCode).toBe(401);
  });

  it('counts a request as activity, writing it at most once a minute', async () => {
    const customer = await registerCustomer(harness.app);
    const tenMinutesAgo = new Date(Date.now() - 10 * minute);
    await harness.database.db.update(schema.session).set({ lastActiveAt: tenMinutesAgo }).where(eq(schema.session.userId, customer.userId));
    const answer = await call(harness.app, 'GET', '/api/userAccount', uncached(customer.cookie));
    expect(Number(answer.headers['session-ends-in'])).toBeGreaterThan(sessionIdleSeconds - 5);
    const touched = (await sessionRowOf(customer.userId))?.lastActiveAt.getTime() ?? 0;
    expect(Date.now() - touched).toBeLessThan(5_000);

    const halfAMinuteAgo = new Date(Date.now() - 30_000);
    await harness.database.db.update(schema.session).set({ lastActiveAt: halfAMinuteAgo }).where(eq(schema.session.userId, customer.userId));
    const again = await call(harness.app, 'GET', '/api/userAccount', uncached(customer.cookie));
    expect(again.statusCode).toBe(200);
    expect((await sessionRowOf(customer.userId))?.lastActiveAt.getTime()).toBe(halfAMinuteAgo.getTime());
    // The answer counts from the recorded activity: the idle timeout less the half minute.
    expect(Number(again.headers['session-ends-in'])).toBeLessThanOrEqual(sessionIdleSeconds - 30);
    expect(Number(again.headers['session-ends-in'])).toBeGreaterThan(sessionIdleSeconds - 40);
  });

  it('answers who is signed in with the time left, and the same rule on the profile update', async () => {
    const customer = await registerCustomer(harness.app);
    const session = await harness.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: uncached(customer.cookie) } });
    expect(session.headers['cache-control']).toBe('no-store');
    expect(session.json()).toMatchObject({ user: { id: customer.userId, email: customer.email, role: 'user' } });
    expect(session.json().session.endsInSeconds).toBeGreaterThan(sessionIdleSeconds - 5);
    await harness.database.db
      .update(schema.session)
      .set({ lastActiveAt: new Date(Date.now() - sessionIdleSeconds * 1000) })
      .where(eq(schema.session.userId, customer.userId));
    const update = await call(harness.app, 'POST', '/api/auth/update-user', uncached(customer.cookie), { name: 'Idle Person' });
    expect(update.statusCode).toBe(401);
    const [user] = await harness.database.db.select().from(schema.user).where(eq(schema.user.id, customer.userId));
    expect(user?.name).not.toBe('Idle Person');
  });
});

describe('deleteEndedSessions', () => {
  it('removes sessions that can never serve a request again and keeps the rest', async () => {
    const [active, idle, expired] = await Promise.all([registerCustomer(harness.app), registerCustomer(harness.app), registerCustomer(harness.app)]);
    if (!active || !idle || !expired) throw new Error('three customers');
    await harness.database.db
      .update(schema.session)
      .set({ lastActiveAt: new Date(Date.now() - sessionIdleSeconds * 1000 - 1_000) })
      .where(eq(schema.session.userId, idle.userId));
    await harness.database.db
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(schema.session.userId, expired.userId));
    expect(await deleteEndedSessions(harness.database.db)).toBeGreaterThanOrEqual(2);
    expect(await sessionRowOf(idle.userId)).toBeUndefined();
    expect(await sessionRowOf(expired.userId)).toBeUndefined();
    expect(await sessionRowOf(active.userId)).toBeDefined();
    expect((await call(harness.app, 'GET', '/api/userAccount', uncached(active.cookie))).statusCode).toBe(200);
  });
});
