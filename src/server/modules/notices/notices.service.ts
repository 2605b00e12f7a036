import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { queueEmailNotice } from './notices.repository';
import { buildPasswordChangedNotice, buildSignInThrottledNotice } from './notice-texts';

/** A person hears about blocked sign-ins at most once a quarter of an hour, however many are refused. */
export const signInNoticeIntervalMs = 15 * 60 * 1000;

export type ThrottledSignIn = {
  email: string;
  clientAddress: string;
  refusedEverywhere: boolean;
  secondsToWait: number;
  at?: Date;
};

/**
 * Tells the owner of `email` that sign-ins to their account were throttled. Only a registered
 * customer or staff member is written to: the sign-in form must not become a way to send the
 * bank's e-mail to any address a stranger types. Answers whether a notice was stored now.
 */
export async function noticeThrottledSignIn(db: Executor, attempt: ThrottledSignIn): Promise<boolean> {
  const [owner] = await db.select({ id: schema.user.id, name: schema.user.name, email: schema.user.email }).from(schema.user).where(eq(schema.user.email, attempt.email));
  if (!owner) return false;
  const at = attempt.at ?? new Date();
  const { subject, body } = buildSignInThrottledNotice({
    name: owner.name,
    clientAddress: attempt.clientAddress,
    at,
    refusedEverywhere: attempt.refusedEverywhere,
    minutesToWait: Math.max(1, Math.ceil(attempt.secondsToWait / 60)),
  });
  const quarter = Math.floor(at.getTime() / signInNoticeIntervalMs);
  return queueEmailNotice(db, { userId: owner.id, kind: 'sign-in-throttled', recipient: owner.email, subject, body, dedupeKey: `sign-in-throttled:${owner.id}:${quarter}` });
}

/** Tells a user their password was changed (by them, or by someone holding their session). */
export async function noticePasswordChanged(db: Executor, user: { id: string; name: string; email: string }, clientAddress: string, at = new Date()): Promise<void> {
  const { subject, body } = buildPasswordChangedNotice({ name: user.name, clientAddress, at });
  await queueEmailNotice(db, { userId: user.id, kind: 'password-changed', recipient: user.email, subject, body, dedupeKey: `password-changed:${user.id}:${at.getTime()}` });
}
