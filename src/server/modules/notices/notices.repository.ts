import { type SQL, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { jsonRows } from '../../db/json-rows';
import type { MailQueue, StoredEventFacts } from '../../db/schema/platform';
import { jsonAnswer, type WritePart, writeTogether } from '../../db/write-together';
import { assertInvariant } from '../../errors';
import { claimDueRows, type ClaimOptions } from '../../lib/mail-outbox';
import { bulkMailKinds, groupedEmailKinds, groupedNotificationKinds, mailQueueOfKind, noticeGroupIntervalMs } from './notice-delivery';

export type NewEmailNotice = typeof schema.emailNotice.$inferInsert;

/**
 * Stores a notice for the outbox to send, in its kind's queue (`mailQueueOfKind`). A notice whose
 * `dedupeKey` is already stored is dropped, so a burst of requests that each raise the same
 * notice makes one e-mail. Answers whether this call stored it.
 */
export async function queueEmailNotice(db: Executor, notice: Omit<NewEmailNotice, 'queue'>): Promise<boolean> {
  const stored = await db
    .insert(schema.emailNotice)
    .values({ ...notice, queue: mailQueueOfKind[notice.kind] })
    .onConflictDoNothing({ target: schema.emailNotice.dedupeKey })
    .returning({ id: schema.emailNotice.id });
  return stored.length === 1;
}

/** A stored notice as the outbox reads it: its text, or (an event notice) the facts to write it from. */
export type StoredEmailNotice = { id: string; kind: string; recipient: string; subject: string | null; body: string | null; facts: StoredEventFacts | null };
export type ClaimedEmailNotice = StoredEmailNotice & { sendAttempts: number };

const storedColumns = ['kind', 'recipient', 'subject', 'body', 'facts'] as const;

function toStoredNotice(row: Record<string, unknown>): StoredEmailNotice {
  const facts = (row.facts ?? null) as StoredEventFacts | null;
  return {
    id: String(row.id),
    kind: String(row.kind),
    recipient: String(row.recipient),
    subject: row.subject === null ? null : String(row.subject),
    body: row.body === null ? null : String(row.body),
    facts,
  };
}

/** Due unsent notices of one queue, claimed and leased for this instance to send (`claimDueRows`). */
export async function claimDueEmailNotices(db: Executor, queue: MailQueue, options: ClaimOptions): Promise<ClaimedEmailNotice[]> {
  const rows = await claimDueRows(db, 'email_notice', storedColumns, options, sql`queue = ${queue}`);
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

/** `column IN (...)` for a fixed list of kinds, each a parameter: the statement's text never changes. */
const kindIn = (column: SQL, kinds: readonly string[]) =>
  sql`${column} IN (${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;
const queueOf = (kind: SQL) => sql`CASE WHEN ${kindIn(kind, bulkMailKinds)} THEN 'bulk' ELSE 'security' END`;
const groupInterval = sql`(${noticeGroupIntervalMs} * interval '1 millisecond')`;

/**
 * What a group of events of one user and kind adds up to, from the rows of `notice_rows d`: how
 * many, their total, when the first and the latest happened, and the latest one's facts and name.
 */
const groupAggregates = sql`
  count(*) AS events,
  sum((d.params ->> 'amountPoisha')::bigint) AS total_poisha,
  min(d.at::timestamptz) AS first_at,
  max(d.at::timestamptz) AS last_at,
  (array_agg(d.params ORDER BY d.at::timestamptz DESC))[1] AS latest_params,
  (array_agg(d.name ORDER BY d.at::timestamptz DESC))[1] AS name,
  (array_agg(d.dedupe_key))[1] AS dedupe_key`;

/**
 * A group's facts (`g` a row of `groupAggregates`): one event's own facts when it is alone, so a
 * single transfer reads as before; otherwise the latest one's, with how many (`count`), their
 * total (`totalPoisha`) and when the first happened (`firstAt`).
 */
const groupParams = sql`CASE WHEN g.events = 1 THEN g.latest_params
  ELSE g.latest_params || jsonb_build_object('count', g.events::text, 'totalPoisha', g.total_poisha::text, 'firstAt', g.first_at) END`;

const countOf = (params: SQL) => sql`coalesce((${params} ->> 'count')::bigint, 1)`;
const totalOf = (params: SQL) => sql`coalesce((${params} ->> 'totalPoisha')::bigint, (${params} ->> 'amountPoisha')::bigint, 0)`;
const firstOf = (params: SQL, at: SQL) => sql`coalesce((${params} ->> 'firstAt')::timestamptz, ${at})`;

/** Two groups' facts as one: the later one's details, the counts and totals added, the earlier first moment. */
function mergedParams(stored: { params: SQL; at: SQL }, incoming: { params: SQL; at: SQL }): SQL {
  return sql`(CASE WHEN ${incoming.at} >= ${stored.at} THEN ${incoming.params} ELSE ${stored.params} END) || jsonb_build_object(
    'count', (${countOf(stored.params)} + ${countOf(incoming.params)})::text,
    'totalPoisha', (${totalOf(stored.params)} + ${totalOf(incoming.params)})::text,
    'firstAt', least(${firstOf(stored.params, stored.at)}, ${firstOf(incoming.params, incoming.at)}))`;
}

/**
 * In-app notifications for each row of `notice_rows`: one row per event, except the grouped kinds
 * (`groupedNotificationKinds`), whose events of one user and quarter of an hour make or update
 * one notification, dated by its latest event and unread again. Groups are written in user order,
 * so two instances writing out at once cannot deadlock on them.
 */
function notificationSteps(): WritePart['steps'] {
  const grouped = kindIn(sql`d.kind`, groupedNotificationKinds);
  const stored = { params: sql`n.params`, at: sql`n.created_at` };
  const incoming = { params: sql`excluded.params`, at: sql`excluded.created_at` };
  return [
    [
      'notice_notes',
      sql`
      INSERT INTO notification (user_id, kind, params, created_at)
      SELECT d.user_id, d.kind, d.params, d.at::timestamptz FROM notice_rows d WHERE NOT ${grouped}
      RETURNING 1`,
    ],
    [
      'notice_note_groups',
      sql`
      SELECT d.user_id, d.kind, d.kind || ':' || floor(extract(epoch FROM d.at::timestamptz) * 1000 / ${noticeGroupIntervalMs})::bigint AS group_key, ${groupAggregates}
      FROM notice_rows d WHERE ${grouped} GROUP BY 1, 2, 3`,
    ],
    [
      'notice_grouped_notes',
      sql`
      INSERT INTO notification AS n (user_id, kind, params, created_at, group_key)
      SELECT g.user_id, g.kind, ${groupParams}, g.last_at, g.group_key FROM notice_note_groups g ORDER BY g.user_id, g.group_key
      ON CONFLICT (user_id, group_key) WHERE group_key IS NOT NULL
      DO UPDATE SET params = ${mergedParams(stored, incoming)}, created_at = greatest(n.created_at, excluded.created_at), read_at = NULL
      RETURNING 1`,
    ],
  ];
}

/**
 * E-mails for each row of `notice_rows`, to the address and in the language the user has at this
 * moment, read by the same statement; each stores the event's facts, and the outbox writes its
 * text when it sends it. An e-mail whose `dedupe_key` is already stored is dropped (the throttle
 * of the "new device" e-mail). The grouped kinds (`groupedEmailKinds`) are added to the user's
 * unclaimed e-mail of that kind when there is one (`email_notice_open_group_idx`: once the outbox
 * has claimed it, it is out of the index and a new one is started); a new one is due at once, or
 * `noticeGroupIntervalMs` after the previous one was sent.
 */
function emailSteps(): WritePart['steps'] {
  const grouped = kindIn(sql`d.kind`, groupedEmailKinds);
  const stored = { params: sql`(m.facts -> 'params')`, at: sql`(m.facts ->> 'at')::timestamptz` };
  const incoming = { params: sql`(excluded.facts -> 'params')`, at: sql`(excluded.facts ->> 'at')::timestamptz` };
  return [
    [
      'notice_mails',
      sql`
      INSERT INTO email_notice (user_id, kind, recipient, facts, dedupe_key, queue)
      SELECT d.user_id, d.kind, u.email,
        jsonb_build_object('params', d.params, 'name', d.name, 'at', d.at, 'language', u.language),
        d.dedupe_key, ${queueOf(sql`d.kind`)}
      FROM notice_rows d JOIN "user" u ON u.id = d.user_id
      WHERE NOT ${grouped}
      ON CONFLICT (dedupe_key) DO NOTHING`,
    ],
    ['notice_mail_groups', sql`SELECT d.user_id, d.kind, ${groupAggregates} FROM notice_rows d WHERE ${grouped} GROUP BY 1, 2`],
    [
      'notice_grouped_mails',
      sql`
      INSERT INTO email_notice AS m (user_id, kind, recipient, facts, dedupe_key, queue, group_key, next_attempt_at)
      SELECT g.user_id, g.kind, u.email,
        jsonb_build_object('params', ${groupParams}, 'name', g.name, 'at', g.last_at, 'language', u.language),
        g.dedupe_key, ${queueOf(sql`g.kind`)}, g.kind,
        greatest(now(), (
          SELECT coalesce(previous.sent_at, now()) + ${groupInterval} FROM email_notice previous
          WHERE previous.user_id = g.user_id AND previous.group_key = g.kind ORDER BY previous.created_at DESC LIMIT 1))
      FROM notice_mail_groups g JOIN "user" u ON u.id = g.user_id
      ORDER BY g.user_id, g.kind
      ON CONFLICT (user_id, group_key) WHERE group_key IS NOT NULL AND sent_at IS NULL AND send_attempts = 0
      DO UPDATE SET recipient = excluded.recipient, facts = jsonb_build_object(
        'params', ${mergedParams(stored, incoming)},
        'name', excluded.facts -> 'name',
        'at', greatest(${stored.at}, ${incoming.at}),
        'language', excluded.facts -> 'language')`,
    ],
  ];
}

/** The steps that write each row of `source` (a query of `noticeColumns`) as notifications and e-mails. */
function noticeSteps(source: SQL): WritePart['steps'] {
  return [['notice_rows', source], ...notificationSteps(), ...emailSteps()];
}

/**
 * How many notifications the steps must write (one per ungrouped event and one per group) and how
 * many they wrote or updated: equal when every event is in a notification.
 */
const notificationCounts = sql`
  'expected', (SELECT count(*)::int FROM notice_rows d WHERE NOT ${kindIn(sql`d.kind`, groupedNotificationKinds)}) + (SELECT count(*)::int FROM notice_note_groups),
  'written', (SELECT count(*)::int FROM notice_notes) + (SELECT count(*)::int FROM notice_grouped_notes)`;

type NotificationCounts = { expected: number; written: number };
const checkEveryEventTold = (counts: NotificationCounts) => assertInvariant(Number(counts.written) === Number(counts.expected), 'every event has its notification');

/**
 * Each row's notification and e-mail (`noticeSteps`) as one part of a combined write
 * (`writeTogether`): one round trip for a batch of any size. The part checks that every event is
 * in a notification.
 */
export function noticesWrite(rows: readonly NoticeRow[]): WritePart {
  return noticesWriteFrom(sql`SELECT * FROM ${jsonRows(rows, noticeColumns)} AS r`);
}

/**
 * `noticesWrite` for events a statement finds itself: `source` is a query of `noticeColumns`
 * (`user_id, kind, params, dedupe_key, name, at`), typically a SELECT from the RETURNING of the
 * steps that changed the state being told of, in the same combined write. The notices are then
 * written by that statement, however many events it finds, and exist exactly when the change does.
 */
export function noticesWriteFrom(source: SQL): WritePart {
  return {
    steps: noticeSteps(source),
    answer: sql`json_build_object(${notificationCounts})`,
    check: (answer) => checkEveryEventTold(jsonAnswer<NotificationCounts>(answer)),
  };
}

/** Whether no notice with this e-mail key (`dedupe_key`) was raised before: for an event that can be found again by a later run. */
export const noticeNotRaised = (dedupeKey: SQL) => sql`NOT EXISTS (SELECT 1 FROM email_notice m WHERE m.dedupe_key = ${dedupeKey})`;

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
        [
          'notice_taken',
          sql`
          DELETE FROM deferred_notice WHERE id IN (SELECT id FROM deferred_notice ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING notices`,
        ],
        ...noticeSteps(sql`SELECT r.* FROM notice_taken t, jsonb_to_recordset(t.notices) AS r(${noticeColumns})`),
      ],
      answer: sql`json_build_object('taken', (SELECT count(*)::int FROM notice_taken), ${notificationCounts})`,
      check: (answer) => {
        const counts = jsonAnswer<NotificationCounts & { taken: number }>(answer);
        checkEveryEventTold(counts);
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
