import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { factorReplacementMinutes } from './second-factor-rules';

/**
 * The writes that change a user's second factor. Each runs inside the transaction that also
 * supersedes the user's other sessions (`supersedeOtherSessions`) and records the change, so the
 * factor, the sessions and the trail never disagree.
 */

/** Encrypted as better-auth stores them: the authenticator secret and the JSON list of recovery codes. */
export type StoredAuthenticator = { secret: string; backupCodes: string };

const notLapsed = () => gt(schema.twoFactor.replacementStartedAt, sql`now() - ${factorReplacementMinutes} * interval '1 minute'`);

/**
 * Turns on the enrolment a first code confirmed: the app's row becomes verified and the user's
 * flag on, together. Answers false when there was no unconfirmed enrolment (another request
 * confirmed it first), and then changes nothing.
 */
export async function confirmEnrolment(tx: Executor, userId: string): Promise<boolean> {
  const verified = await tx
    .update(schema.twoFactor)
    .set({ verified: true })
    .where(and(eq(schema.twoFactor.userId, userId), eq(schema.twoFactor.verified, false)))
    .returning({ id: schema.twoFactor.id });
  if (verified.length === 0) return false;
  await tx.update(schema.user).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(schema.user.id, userId));
  return true;
}

/** Keeps a replacement app beside the current one until its first code confirms it; starting again replaces it. */
export async function storeReplacement(tx: Executor, userId: string, replacement: StoredAuthenticator): Promise<boolean> {
  const stored = await tx
    .update(schema.twoFactor)
    .set({ replacementSecret: replacement.secret, replacementBackupCodes: replacement.backupCodes, replacementStartedAt: sql`now()` })
    .where(and(eq(schema.twoFactor.userId, userId), eq(schema.twoFactor.verified, true)))
    .returning({ id: schema.twoFactor.id });
  return stored.length === 1;
}

/** The replacement app waiting for its first code (encrypted secret), if one was started and has not lapsed. */
export async function waitingReplacement(db: Executor, userId: string): Promise<{ secret: string } | undefined> {
  const [row] = await db
    .select({ secret: schema.twoFactor.replacementSecret })
    .from(schema.twoFactor)
    .where(and(eq(schema.twoFactor.userId, userId), isNotNull(schema.twoFactor.replacementSecret), notLapsed()));
  return row?.secret ? { secret: row.secret } : undefined;
}

/**
 * Puts the replacement in force: its secret and recovery codes take the place of the old ones,
 * and `step` (the code that confirmed it) is its first used time step. A compare-and-set on the
 * replacement that was checked: of two confirmations at once, or one racing a new start, one
 * wins. Answers false, changing nothing, when that replacement is no longer the one waiting.
 */
export async function swapInReplacement(tx: Executor, userId: string, checkedSecret: string, step: number): Promise<boolean> {
  const swapped = await tx
    .update(schema.twoFactor)
    .set({
      secret: sql`${schema.twoFactor.replacementSecret}`,
      backupCodes: sql`${schema.twoFactor.replacementBackupCodes}`,
      lastUsedTimeStep: step,
      failedVerificationCount: 0,
      lockedUntil: null,
      replacementSecret: null,
      replacementBackupCodes: null,
      replacementStartedAt: null,
    })
    .where(and(eq(schema.twoFactor.userId, userId), eq(schema.twoFactor.replacementSecret, checkedSecret), notLapsed()))
    .returning({ id: schema.twoFactor.id });
  return swapped.length === 1;
}
