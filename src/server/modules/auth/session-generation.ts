import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { assertInvariant } from '../../errors';

/**
 * Sessions carry the generation of their user's sessions at the time they were made, and serve a
 * request only while it is the user's current one (`Sessions.check`). Turning a second factor on
 * or replacing it raises the user's generation in the same transaction as the change, so every
 * session made before it ends at once, on every instance within the session cache's second.
 *
 * Deleting the other sessions alone cannot do this: a password sign-in that read "two-step off"
 * just before the change commits stores its session after the deletion. Such a sign-in stamps
 * the generation it reads when its session is stored, which is either the old one (the change
 * had not committed: the session is stale once it does) or the new one together with "two-step
 * on" (the change had committed: the session is marked as waiting for a second factor, and
 * better-auth deletes it at once unless its own read of the user was older).
 */

/** The generation of a session made by a password alone for a user whose second factor is on: never current. */
export const awaitingSecondFactorGeneration = -1;

/** The better-auth endpoint that signs in with a password, as its hooks name the path. */
const passwordSignInPath = '/sign-in/email';

/** What better-auth's database hook is told about the request that creates a session. */
export type SessionCreationContext = {
  path?: string;
  context?: { session?: { session?: Record<string, unknown> } | null };
} | null;

/**
 * The generation a new session is stamped with (better-auth's `session.create.before` hook):
 * - a password sign-in: the user's current generation, or `awaitingSecondFactorGeneration` when
 *   their second factor is on (read in one statement with the generation);
 * - a session that replaces the request's own (a password change, turning two-step off): the
 *   generation of the session it replaces, so a stale session cannot renew itself;
 * - any other (sign-up, a sign-in completed with a code): the user's current generation.
 */
export async function generationOfNewSession(db: Executor, userId: string, creation: SessionCreationContext): Promise<number> {
  const replaced = creation?.context?.session?.session?.generation;
  if (creation?.path !== passwordSignInPath && typeof replaced === 'number') return replaced;
  const [user] = await db.select({ generation: schema.user.sessionGeneration, twoFactorEnabled: schema.user.twoFactorEnabled }).from(schema.user).where(eq(schema.user.id, userId));
  if (!user) return awaitingSecondFactorGeneration;
  return creation?.path === passwordSignInPath && user.twoFactorEnabled ? awaitingSecondFactorGeneration : user.generation;
}

/** The session token of better-auth's cookie, signed as better-auth signs it (HMAC-SHA-256, base64). */
export function signedSessionValue(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

/**
 * Inside the transaction that turns a second factor on or replaces it: raises the user's session
 * generation, gives the session that confirmed it a new token in the new generation (a session
 * whose standing rises gets a token nobody held before it rose), and deletes every other session
 * of the user. Answers the kept session's new token and absolute end, for its cookie.
 */
export async function supersedeOtherSessions(tx: Executor, userId: string, keptSessionId: string): Promise<{ token: string; expiresAt: Date }> {
  const [raised] = await tx
    .update(schema.user)
    .set({ sessionGeneration: sql`${schema.user.sessionGeneration} + 1`, updatedAt: new Date() })
    .where(eq(schema.user.id, userId))
    .returning({ generation: schema.user.sessionGeneration });
  assertInvariant(raised !== undefined, 'the user whose factor changed exists');
  // better-auth's tokens are 32 letters and digits; 24 random bytes in base64url are as strong.
  const token = randomBytes(24).toString('base64url');
  const kept = await tx
    .update(schema.session)
    .set({ token, generation: raised.generation, updatedAt: new Date() })
    .where(and(eq(schema.session.id, keptSessionId), eq(schema.session.userId, userId)))
    .returning({ expiresAt: schema.session.expiresAt });
  assertInvariant(kept.length === 1 && kept[0] !== undefined, 'the confirming session is the user’s');
  await tx.delete(schema.session).where(and(eq(schema.session.userId, userId), ne(schema.session.id, keptSessionId)));
  return { token, expiresAt: kept[0].expiresAt };
}
