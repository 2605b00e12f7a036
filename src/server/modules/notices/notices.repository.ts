import { sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import { claimDueRows, type ClaimOptions } from '../../lib/mail-outbox';

export type NewEmailNotice = typeof schema.emailNotice.$inferInsert;

/**
 * Stores a notice for the outbox to send. A notice whose `dedupeKey` is already stored is
 * dropped, so a burst of requests that each raise the same notice makes one e-mail.
 * Answers whether this call stored it.
 */
export async function queueEmailNotice(db: Executor, notice: NewEmailNotice): Promise<boolean> {
  const stored = await db.insert(schema.emailNotice).values(notice).onConflictDoNothing({ target: schema.emailNotice.dedupeKey }).returning({ id: schema.emailNotice.id });
  return stored.length === 1;
}

export type ClaimedEmailNotice = { id: string; sendAttempts: number; recipient: string; subject: string; body: string };

/** Due unsent notices, claimed and leased for this instance to send (`claimDueRows`). */
export async function claimDueEmailNotices(db: Executor, options: ClaimOptions): Promise<ClaimedEmailNotice[]> {
  const rows = await claimDueRows(db, 'email_notice', ['recipient', 'subject', 'body'], options);
  return rows.map((row) => ({
    id: String(row.id),
    sendAttempts: Number(row.send_attempts),
    recipient: String(row.recipient),
    subject: String(row.subject),
    body: String(row.body),
  }));
}

/** How long a sent notice is kept: long enough to answer "did you e-mail me?" at the counter. */
export const sentNoticeKeptDays = 90;

export async function deleteOldSentNotices(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM email_notice WHERE sent_at < now() - ${sentNoticeKeptDays} * interval '1 day'`);
}

/** One event's notification and e-mail, both languages written out: the statement picks the reader's. */
export type NoticeRow = {
  user_id: string;
  kind: string;
  params: Record<string, string>;
  dedupe_key: string;
  subject_en: string;
  body_en: string;
  subject_bn: string;
  body_bn: string;
};

/**
 * Writes each row's in-app notification and its e-mail in one statement: one round trip for a
 * batch of any size (a group commit of 64 transfers writes its 128 notices at once). The e-mail
 * goes to the address and in the language the user has at this moment, read by the same
 * statement. An e-mail whose `dedupe_key` is already stored is dropped (the throttle of the
 * "new device" e-mail); the in-app notification is always written. Answers how many of each.
 */
export async function insertNotices(db: Executor, rows: readonly NoticeRow[]): Promise<{ notifications: number; emails: number }> {
  const result = await db.execute<{ notifications: number; emails: number }>(sql`
    WITH d AS MATERIALIZED (
      SELECT * FROM ${jsonRows(rows, sql`user_id text, kind text, params jsonb, dedupe_key text, subject_en text, body_en text, subject_bn text, body_bn text`)} AS r),
    notes AS (
      INSERT INTO notification (user_id, kind, params)
      SELECT d.user_id, d.kind, d.params FROM d
      RETURNING 1),
    mails AS (
      INSERT INTO email_notice (user_id, kind, recipient, subject, body, dedupe_key)
      SELECT d.user_id, d.kind, u.email,
        CASE WHEN u.language = 'bn' THEN d.subject_bn ELSE d.subject_en END,
        CASE WHEN u.language = 'bn' THEN d.body_bn ELSE d.body_en END,
        d.dedupe_key
      FROM d JOIN "user" u ON u.id = d.user_id
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING 1)
    SELECT (SELECT count(*)::int FROM notes) AS notifications, (SELECT count(*)::int FROM mails) AS emails`);
  const row = result.rows[0];
  return { notifications: Number(row?.notifications ?? 0), emails: Number(row?.emails ?? 0) };
}

/** How long a device stays known without a sign-in from it. */
export const knownDeviceDays = 90;

/**
 * Records a sign-in from `deviceKey` and answers what the user's devices were before it: how many
 * were known at all, and whether this one was among them within `knownDeviceDays`. One statement,
 * so the check and the record cannot be split by another sign-in.
 */
export async function recordSignInDevice(db: Executor, userId: string, deviceKey: string): Promise<{ knownDevices: number; seenBefore: boolean }> {
  const result = await db.execute<{ known: number; seen: boolean }>(sql`
    WITH prior AS (
      SELECT count(*)::int AS known,
        coalesce(bool_or(device_key = ${deviceKey} AND last_seen_at > now() - ${knownDeviceDays} * interval '1 day'), false) AS seen
      FROM known_device WHERE user_id = ${userId}),
    recorded AS (
      INSERT INTO known_device (user_id, device_key) VALUES (${userId}, ${deviceKey})
      ON CONFLICT (user_id, device_key) DO UPDATE SET last_seen_at = now())
    SELECT known, seen FROM prior`);
  const row = result.rows[0];
  return { knownDevices: Number(row?.known ?? 0), seenBefore: row?.seen === true };
}
