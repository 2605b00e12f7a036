import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { languageOf } from '../preferences/preferences.repository';
import { queueEmailNotice } from './notices.repository';
import { buildPasswordChangedNotice, buildPasswordResetNotice, buildSignInThrottledNotice } from './notice-texts';

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
  const [owner] = await db
    .select({ id: schema.user.id, name: schema.user.name, email: schema.user.email, language: schema.user.language })
    .from(schema.user)
    .where(eq(schema.user.email, attempt.email));
  if (!owner) return false;
  const at = attempt.at ?? new Date();
  const { subject, body } = buildSignInThrottledNotice({
    name: owner.name,
    clientAddress: attempt.clientAddress,
    at,
    refusedEverywhere: attempt.refusedEverywhere,
    minutesToWait: Math.max(1, Math.ceil(attempt.secondsToWait / 60)),
  }, owner.language);
  const quarter = Math.floor(at.getTime() / signInNoticeIntervalMs);
  return queueEmailNotice(db, { userId: owner.id, kind: 'sign-in-throttled', recipient: owner.email, subject, body, dedupeKey: `sign-in-throttled:${owner.id}:${quarter}` });
}

/** Tells a user their password was changed (by them, or by someone holding their session), in the language they chose. */
export async function noticePasswordChanged(db: Executor, user: { id: string; name: string; email: string }, clientAddress: string, at = new Date()): Promise<void> {
  const { subject, body } = buildPasswordChangedNotice({ name: user.name, clientAddress, at }, await languageOf(db, user.id));
  await queueEmailNotice(db, { userId: user.id, kind: 'password-changed', recipient: user.email, subject, body, dedupeKey: `password-changed:${user.id}:${at.getTime()}` });
}

/** How long a link to set a new password works. */
export const passwordResetLinkMinutes = 30;

/**
 * Queues the e-mail with a link to set a new password. The token travels in the link's fragment,
 * which browsers never send to a server, so it stays out of every access log and proxy.
 */
export async function noticePasswordReset(db: Executor, user: { id: string; name: string; email: string }, publicUrl: string, token: string, at = new Date()): Promise<void> {
  const link = `${publicUrl.replace(/\/$/, '')}/resetPassword#token=${encodeURIComponent(token)}`;
  const { subject, body } = buildPasswordResetNotice({ name: user.name, link, at, minutesValid: passwordResetLinkMinutes }, await languageOf(db, user.id));
  await queueEmailNotice(db, { userId: user.id, kind: 'password-reset', recipient: user.email, subject, body, dedupeKey: `password-reset:${user.id}:${at.getTime()}` });
}
