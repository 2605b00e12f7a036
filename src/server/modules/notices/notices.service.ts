import { eq } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { queueEmailNotice } from './notices.repository';
import { buildSignInThrottledNotice } from './sign-in-throttled-notice';

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
