import { type SQL, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import type { StoredEventFacts } from '../../db/schema/platform';
import { jsonAnswer, type WritePart, writeTogether } from '../../db/write-together';
import { assertInvariant } from '../../errors';
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

/** A stored notice as the outbox reads it: its text, or (an event notice) the facts to write it from. */
export type StoredEmailNotice = { id: string; kind: string; recipient: string; subject: string | null; body: string | null; facts: StoredEventFacts | null };
export type ClaimedEmailNotice = StoredEmailNotice & { sendAttempts: number };

const storedColumns = ['kind', 'recipient', 'subject', 'body', 'facts'] as const;

function toStoredNotice(row: Record<string, unknown>): StoredEmailNotice {
  const facts = typeof row.facts === 'string' ? (JSON.parse(row.facts) as StoredEventFacts) : ((row.facts ?? null) as StoredEventFacts | null);
  return {
    id: String(row.id),
    kind: String(row.kind),
    recipient: String(row.recipient),
    subject: row.subject === null ? null : String(row.subject),
    body: row.body === null ? null : String(row.body),
    facts,
  };
}

/** Due unsent notices, claimed and leased for this instance to send (`claimDueRows`). */
export async function claimDueEmailNotices(db: Executor, options: ClaimOptions): Promise<ClaimedEmailNotice[]> {
  const rows = await claimDueRows(db, 'email_notice', storedColumns, options);
  return rows.map((row) => ({ ...toStoredNotice(row), sendAttempts: Number(row.send_attempts) }));
}

/** Every notice stored for a user, oldest first, sent or not: what the bank has told them by e-mail. */
export async function storedEmailNoticesOf(db: Executor, userId: string): Promise<StoredEmailNotice[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT id, kind, recipient, subject, body, facts FROM email_notice WHERE user_id = ${userId} ORDER BY created_at, id`);
  return result.rows.map(toStoredNotice);
}

/** How long a sent notice is kept: long enough to answer "did you e-mail me?" at the counter. */
export const sentNoticeKeptDays = 90;

export async function deleteOldSentNotices(db: Executor): Promise<void> {
  await db.execute(sql`DELETE FROM email_notice WHERE sent_at < now() - ${sentNoticeKeptDays} * interval '1 day'`);
}

/** One event's notification and the facts its e-mail is written from when sent. */
export type NoticeRow = {
  user_id: string;
  kind: string;
  params: Record<string, string>;
  dedupe_key: string;
  /** The name the e-mail greets, and when the event happened (ISO 8601). */
  name: string;
  at: string;
};

const noticeColumns = sql`user_id text, kind text, params jsonb, dedupe_key text, name text, at text`;

/**
 * The steps that write each row of `source` (a query of `noticeColumns`) as an in-app
 * notification, dated when its event happened, and an e-mail. The e-mail goes to the address and
 * in the language the user has at this moment, read by the same statement; it stores the event's
 * facts, and the outbox writes its text when it sends it, so the statement carries a few short
 * fields per notice, not two languages of prose. An e-mail whose `dedupe_key` is already stored is
 * dropped (the throttle of the "new device" e-mail); the in-app notification is always written.
 */
function noticeSteps(source: SQL): WritePart['steps'] {
  return [
    ['notice_rows', source],
    ['notice_notes', sql`
      INSERT INTO notification (user_id, kind, params, created_at)
      SELECT d.user_id, d.kind, d.params, d.at::timestamptz FROM notice_rows d
      RETURNING 1`],
    ['notice_mails', sql`
      INSERT INTO email_notice (user_id, kind, recipient, facts, dedupe_key)
      SELECT d.user_id, d.kind, u.email,
        jsonb_build_object('params', d.params, 'name', d.name, 'at', d.at, 'language', u.language),
        d.dedupe_key
      FROM notice_rows d JOIN "user" u ON u.id = d.user_id
      ON CONFLICT (dedupe_key) DO NOTHING`],
  ];
}

/**
 * Each row's notification and e-mail (`noticeSteps`) as one part of a combined write
 * (`writeTogether`): one round trip for a batch of any size. The part checks that every row got
 * its notification.
 */
export function noticesWrite(rows: readonly NoticeRow[]): WritePart {
  return {
    steps: noticeSteps(sql`SELECT * FROM ${jsonRows(rows, noticeColumns)} AS r`),
    answer: sql`(SELECT count(*)::int FROM notice_notes)`,
    check: (notifications) => assertInvariant(Number(notifications) === rows.length, 'every event has its notification'),
  };
}

/** The rows kept as one row of `deferred_notice`, to be written out after the commit: a part of a combined write. */
export function deferredNoticesWrite(rows: readonly NoticeRow[]): WritePart {
  return {
    steps: [['notice_deferred', sql`INSERT INTO deferred_notice (notices) VALUES (${JSON.stringify(rows)}::jsonb) RETURNING 1`]],
    answer: sql`(SELECT count(*)::int FROM notice_deferred)`,
    check: (kept) => assertInvariant(Number(kept) === 1, 'the deferred notices are kept'),
  };
}

/**
 * Writes out up to `limit` rows of `deferred_notice`, oldest first, and deletes them, in one
 * statement: each notice is written exactly once, whether this instance or another takes its row
 * (rows another instance holds are skipped, not waited for). Answers how many rows it took.
 */
export async function expandDeferredNotices(db: Executor, limit: number): Promise<number> {
  let taken = 0;
  await writeTogether(db, [
    {
      steps: [
        ['notice_taken', sql`
          DELETE FROM deferred_notice WHERE id IN (SELECT id FROM deferred_notice ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING notices`],
        ...noticeSteps(sql`SELECT r.* FROM notice_taken t, jsonb_to_recordset(t.notices) AS r(${noticeColumns})`),
      ],
      answer: sql`json_build_object(
        'taken', (SELECT count(*)::int FROM notice_taken),
        'events', (SELECT coalesce(sum(jsonb_array_length(notices)), 0)::int FROM notice_taken),
        'notes', (SELECT count(*)::int FROM notice_notes))`,
      check: (answer) => {
        const counts = jsonAnswer<{ taken: number; events: number; notes: number }>(answer);
        assertInvariant(Number(counts.notes) === Number(counts.events), 'every deferred event has its notification');
        taken = Number(counts.taken);
      },
    },
  ]);
  return taken;
}

/** How many rows of `deferred_notice` wait to be written out (metrics). */
export async function deferredNoticeBacklog(db: Executor): Promise<number> {
  const result = await db.execute<{ waiting: number }>(sql`SELECT count(*)::int AS waiting FROM deferred_notice`);
  return Number(result.rows[0]?.waiting ?? 0);
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

/** Whether `deviceKey` signed in to this user within `knownDeviceDays` (recorded by `recordSignInDevice`). */
export async function isKnownDevice(db: Executor, userId: string, deviceKey: string): Promise<boolean> {
  const result = await db.execute<{ known: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM known_device WHERE user_id = ${userId} AND device_key = ${deviceKey}
      AND last_seen_at > now() - ${knownDeviceDays} * interval '1 day') AS known`);
  return result.rows[0]?.known === true;
}
