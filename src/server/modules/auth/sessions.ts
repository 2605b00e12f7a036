import { createHmac, timingSafeEqual } from 'node:crypto';
import { sessionCookieIn } from './session-cookie';
import { eq, sql } from 'drizzle-orm';
import { sessionIdleSeconds, staffRole } from '../../../shared/constants';
import { schema, type Database, type Executor } from '../../db/client';
import { SessionCache } from '../../lib/session-cache';
import type { SignedInUser } from './signed-in-user';

/**
 * A session's activity is written at most this often: a customer's burst of requests costs one
 * write a minute, and the idle timeout is exact to the minute.
 */
export const sessionActivityWriteSeconds = 60;

/** A session that may serve this request (its id, for the few writes that concern it), and when it ends if nothing else happens. */
export type CheckedSession = { sessionId: string; user: SignedInUser; endsAt: Date };

/** `superseded`: the session's generation is not its user's (see session-generation.ts). */
export type SessionRow = { expiresAt: Date; lastActiveAt: Date; banned: boolean; superseded: boolean };

export type SessionVerdict = { kind: 'active'; endsAt: Date; writeActivity: boolean } | { kind: 'ended'; reason: 'superseded' | 'expired' | 'idle' } | { kind: 'disabled' };

/**
 * The rule for one request on a session: it was made in its user's current generation (not
 * before a second factor was turned on or replaced), it has not reached its absolute end
 * (better-auth's `expires_at`, fixed at sign-in), it has not been idle longer than the idle
 * timeout, and its user is not disabled. An active session then ends at whichever comes first:
 * the absolute end, or the idle timeout counted from this request.
 */
export function judgeSession(row: SessionRow, now: Date): SessionVerdict {
  if (row.superseded) return { kind: 'ended', reason: 'superseded' };
  if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'ended', reason: 'expired' };
  const idleMs = sessionIdleSeconds * 1000;
  if (now.getTime() - row.lastActiveAt.getTime() >= idleMs) return { kind: 'ended', reason: 'idle' };
  if (row.banned) return { kind: 'disabled' };
  const writeActivity = now.getTime() - row.lastActiveAt.getTime() >= sessionActivityWriteSeconds * 1000;
  const lastActive = writeActivity ? now : row.lastActiveAt;
  return { kind: 'active', endsAt: new Date(Math.min(row.expiresAt.getTime(), lastActive.getTime() + idleMs)), writeActivity };
}

/**
 * The session token in a cookie header, if better-auth signed it with this secret (the cookie
 * holds `token.signature`, the signature an HMAC-SHA-256 of the token in base64), else null.
 */
export function signedSessionToken(cookieHeader: string | undefined, secret: string): string | null {
  if (!cookieHeader) return null;
  const value = sessionCookieIn(cookieHeader);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Checks the session behind a request's cookie in one query (session and user together), ends
 * it when it has expired or sat idle, and records its activity. What it found is kept for a
 * second per cookie (see SessionCache); signing out and disabling a user clear that at once here.
 */
export class Sessions {
  private readonly cache = new SessionCache<CheckedSession>();

  constructor(
    private readonly db: Database,
    private readonly secret: string,
  ) {}

  async check(cookieHeader: string | undefined): Promise<CheckedSession | null> {
    if (!cookieHeader) return null;
    const cached = this.cache.get(cookieHeader);
    if (cached) return cached;
    const token = signedSessionToken(cookieHeader, this.secret);
    if (!token) return null;
    const [row] = await this.db
      .select({
        sessionId: schema.session.id,
        expiresAt: schema.session.expiresAt,
        lastActiveAt: schema.session.lastActiveAt,
        generation: schema.session.generation,
        userGeneration: schema.user.sessionGeneration,
        userId: schema.user.id,
        email: schema.user.email,
        name: schema.user.name,
        image: schema.user.image,
        role: schema.user.role,
        banned: schema.user.banned,
        mustChangePassword: schema.user.mustChangePassword,
        language: schema.user.language,
        twoFactorEnabled: schema.user.twoFactorEnabled,
        staffAdministrator: schema.user.staffAdministrator,
        phoneVerified: schema.user.phoneNumberVerified,
      })
      .from(schema.session)
      .innerJoin(schema.user, eq(schema.user.id, schema.session.userId))
      .where(eq(schema.session.token, token));
    if (!row) return null;
    const now = new Date();
    const verdict = judgeSession({ ...row, superseded: row.generation !== row.userGeneration }, now);
    if (verdict.kind === 'ended') {
      await this.db.delete(schema.session).where(eq(schema.session.id, row.sessionId));
      return null;
    }
    if (verdict.kind === 'disabled') return null;
    if (verdict.writeActivity) await this.db.update(schema.session).set({ lastActiveAt: now }).where(eq(schema.session.id, row.sessionId));
    const checked: CheckedSession = {
      sessionId: row.sessionId,
      user: {
        id: row.userId,
        email: row.email,
        name: row.name,
        image: row.image,
        role: row.role,
        mustChangePassword: row.mustChangePassword,
        language: row.language,
        twoFactorEnabled: row.twoFactorEnabled,
        staffAdministrator: row.role === staffRole && row.staffAdministrator,
        phoneVerified: row.phoneVerified,
      },
      endsAt: verdict.endsAt,
    };
    this.cache.set(cookieHeader, checked);
    return checked;
  }

  /** After signing out: this instance stops trusting the cookie at once. */
  forgetCookie(cookieHeader: string | undefined): void {
    this.cache.forgetCookie(cookieHeader);
  }

  /** After disabling a user or changing their second factor: this instance stops trusting every session of theirs at once. */
  forgetUser(userId: string): void {
    this.cache.forgetUser(userId);
  }
}

/**
 * Removes sessions past their absolute end or idle longer than the idle timeout: they can never
 * serve a request again (`judgeSession`), and a session row holds the address and device of a
 * sign-in, which is not kept longer than needed.
 */
export async function deleteEndedSessions(db: Executor): Promise<number> {
  const deleted = await db.execute<{ id: string }>(sql`
    DELETE FROM session WHERE expires_at <= now() OR last_active_at <= now() - ${sessionIdleSeconds} * interval '1 second' RETURNING id`);
  return deleted.rows.length;
}
