import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { NotificationKind, SecondFactorChange, SecondFactorThrottleScope } from '../../../shared/schemas/notifications';
import { schema, type Executor } from '../../db/client';
import { type WritePart, writeTogether } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import { languageOf } from '../preferences/preferences.repository';
import { deferredNoticesWrite, noticesWrite, queueEmailNotice, type NoticeRow, type StoredEmailNotice } from './notices.repository';
import { defaultLanguage, isLanguage } from '../../../shared/language';
import { buildEventNotice, type EventFacts } from './event-notice-texts';
import { buildPasswordResetNotice, buildSignInThrottledNotice } from './notice-texts';

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
  const { subject, body } = buildSignInThrottledNotice(
    {
      name: owner.name,
      clientAddress: attempt.clientAddress,
      at,
      refusedEverywhere: attempt.refusedEverywhere,
      minutesToWait: Math.max(1, Math.ceil(attempt.secondsToWait / 60)),
    },
    owner.language,
  );
  const quarter = Math.floor(at.getTime() / signInNoticeIntervalMs);
  return queueEmailNotice(db, { userId: owner.id, kind: 'sign-in-throttled', recipient: owner.email, subject, body, dedupeKey: `sign-in-throttled:${owner.id}:${quarter}` });
}

export type ThrottledSecondFactor = {
  userId: string;
  clientAddress: string;
  scope: SecondFactorThrottleScope;
  secondsToWait: number;
  at?: Date;
};

/**
 * Tells a user, in the app and by e-mail, that codes for their second factor were refused by a
 * throttle. The caller says it once per window (`ratePolicies.secondFactorThrottleNotices`); the
 * e-mail is also kept to one a quarter-hour by its key.
 */
export async function noticeSecondFactorThrottled(db: Executor, attempt: ThrottledSecondFactor): Promise<void> {
  const [owner] = await db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, attempt.userId));
  if (!owner) return;
  const at = attempt.at ?? new Date();
  const quarter = Math.floor(at.getTime() / signInNoticeIntervalMs);
  const minutes = String(Math.max(1, Math.ceil(attempt.secondsToWait / 60)));
  await raiseNotices(db, [
    {
      userId: attempt.userId,
      name: owner.name,
      kind: 'second-factor-throttled',
      params: { address: attempt.clientAddress, scope: attempt.scope, minutes },
      at,
      emailDedupeKey: `second-factor-throttled:${attempt.userId}:${quarter}`,
    },
  ]);
}

/** Tells a user their password was changed (by them, or by someone holding their session): in the app, and by e-mail in their language. */
export async function noticePasswordChanged(db: Executor, user: { id: string; name: string }, clientAddress: string, at = new Date()): Promise<void> {
  await raiseNotices(db, [{ userId: user.id, name: user.name, kind: 'password-changed', params: { address: clientAddress }, at }]);
}

/**
 * Tells a user their second factor changed (an app added, replaced or removed, recovery codes
 * renewed): in the app, and by e-mail in their language, written in the transaction of the change.
 */
export async function noticeSecondFactorChange(db: Executor, user: { id: string; name: string }, change: SecondFactorChange, clientAddress: string, at = new Date()): Promise<void> {
  await raiseNotices(db, [{ userId: user.id, name: user.name, kind: change, params: { address: clientAddress }, at }]);
}

/** A mobile number verified for SMS codes (`phoneNumber` masked), told to its owner in the caller's transaction. */
export async function noticePhoneVerified(db: Executor, user: { id: string; name: string }, phoneNumber: string, clientAddress: string, at = new Date()): Promise<void> {
  await raiseNotices(db, [{ userId: user.id, name: user.name, kind: 'phone-verified', params: { address: clientAddress, phoneNumber }, at }]);
}

/** One event to tell a user of: the facts, and the name their e-mail greets. */
export type NoticeDraft = { [Kind in NotificationKind]: EventFacts<Kind> & { userId: string; emailDedupeKey?: string } }[NotificationKind];

/**
 * The one way an event reaches its owner: an in-app notification and an e-mail, written together
 * in the caller's transaction, so a rolled-back event tells nobody and no event gets one without
 * the other. The e-mail keeps the event's facts; the outbox writes it in the reader's language when
 * it sends it (`emailTextOf`), so the batch costs one short round trip however many users it
 * concerns. `emailDedupeKey` throttles the e-mail (one per key); without one every event gets its
 * e-mail.
 */
export async function raiseNotices(db: Executor, drafts: readonly NoticeDraft[]): Promise<void> {
  await writeTogether(db, [noticesWriteOf(drafts)]);
}

/** `raiseNotices` as a part of the caller's combined write (`writeTogether`); nothing when there is nothing to tell. */
export function noticesWriteOf(drafts: readonly NoticeDraft[]): WritePart | undefined {
  return drafts.length === 0 ? undefined : noticesWrite(noticeRowsOf(drafts));
}

/**
 * `raiseNotices` for a busy path: the events are kept in the caller's transaction as one row, and
 * written out as notifications and e-mails just after the commit by the notice expander
 * (`startNoticeExpander`), off the path that holds the locks. Atomic all the same: a rolled-back
 * event tells nobody, a committed one is told even if the server stops right after.
 */
export function deferredNoticesWriteOf(drafts: readonly NoticeDraft[]): WritePart | undefined {
  return drafts.length === 0 ? undefined : deferredNoticesWrite(noticeRowsOf(drafts));
}

function noticeRowsOf(drafts: readonly NoticeDraft[]): NoticeRow[] {
  return drafts.map((draft) => ({
    user_id: draft.userId,
    kind: draft.kind,
    params: draft.params as Record<string, string>,
    dedupe_key: draft.emailDedupeKey ?? `${draft.kind}:${draft.userId}:${randomUUID()}`,
    name: draft.name,
    at: draft.at.toISOString(),
  }));
}

/**
 * A stored notice's subject and body: as stored, or written now from an event's facts in the
 * language its reader had when the event happened. The outbox sends this; a test reads it.
 */
export function emailTextOf(notice: StoredEmailNotice): { subject: string; body: string } {
  if (notice.facts) {
    const { params, name, at, language } = notice.facts;
    const facts = { kind: notice.kind, params, name, at: new Date(at) } as EventFacts;
    return buildEventNotice(facts, isLanguage(language) ? language : defaultLanguage);
  }
  assertInvariant(notice.subject !== null && notice.body !== null, 'a notice without facts stores its text');
  return { subject: notice.subject, body: notice.body };
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
