import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notificationKinds } from '../../../shared/schemas/notifications';
import { user } from './auth';
import { moment } from './columns';

/** What a notice e-mail is about: the security notices, and every event that also makes an in-app notification. */
export const emailNoticeKinds = ['sign-in-throttled', 'password-changed', 'password-reset', 'staff-invitation', ...notificationKinds] as const;
export type EmailNoticeKind = (typeof emailNoticeKinds)[number];
/**
 * The two queues of notice e-mail: `security` (a password reset, a new device, a changed password
 * or factor) is sent before `bulk` (money moved, a request decided), so a flood of the one cannot
 * hold back the other.
 */
export const mailQueues = ['security', 'bulk'] as const;
export type MailQueue = (typeof mailQueues)[number];

/** Uploaded images; the bytes live under DATA_DIR/uploads named by their SHA-256. */
export const upload = pgTable(
  'upload',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentHash: text('content_hash').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    purpose: text('purpose', { enum: ['avatar', 'document'] }).notNull(),
    ownerUserId: text('owner_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Set when a profile, account or loan refers to the upload; unclaimed uploads expire. */
    claimedAt: moment('claimed_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('upload_hash_idx').on(table.contentHash), index('upload_unclaimed_idx').on(table.claimedAt, table.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The bytes of uploaded images, named by their SHA-256, when they are kept in PostgreSQL
 * (UPLOAD_STORE=database, the default with DATABASE_URL) so every server instance reads them.
 */
export const uploadBlob = pgTable('upload_blob', {
  contentHash: text('content_hash').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
});

/** Fixed-window counters shared by every server instance (throttling). */
export const rateLimitCounter = pgTable('rate_limit_counter', {
  key: text('key').primaryKey(),
  windowStartedAt: moment('window_started_at').notNull(),
  hits: integer('hits').notNull(),
});

export const idempotencyRecord = pgTable(
  'idempotency_record',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
    /**
     * No longer written or read: a stored answer is always a 200. Kept until no instance of the
     * release that still writes it is left (docs/migrations.md, expand then contract).
     */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    actorUserId: text('actor_user_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('audit_event_created_idx').on(table.createdAt),
    // An account's trail: events about the account itself, and about its cards, loans and deposits.
    index('audit_event_subject_idx').on(table.subjectType, table.subjectId),
    index('audit_event_account_idx').on(sql`(${table.detail} ->> 'accountId')`),
  ],
);

/**
 * What the mail outbox reads and writes in every table it sends from (`lib/mail-outbox.ts`):
 * when the e-mail went, how often it was tried, when to try next (or until when a sender holds
 * it), and why the last try failed.
 */
const mailDeliveryColumns = () => ({
  sentAt: moment('sent_at'),
  sendAttempts: integer('send_attempts').notNull().default(0),
  nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
});

export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    contact: text('contact').notNull(),
    message: text('message').notNull(),
    senderAddress: text('sender_address'),
    createdAt: moment('created_at').notNull().defaultNow(),
    ...mailDeliveryColumns(),
  },
  (table) => [
    index('contact_message_created_idx').on(table.createdAt, table.id),
    // The outbox worker looks only at unsent messages; sent ones are most of the table.
    index('contact_message_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.sentAt} IS NULL`),
    // The staff list's search by any part of the sender's name, e-mail or number (decision 016).
    index('contact_message_search_idx').using('gin', sql`lower(${table.fullName} || ' ' || ${table.email} || ' ' || ${table.contact}) gin_trgm_ops`),
  ],
);

/**
 * What an event notice's e-mail is written from when it is sent: the event's facts and the
 * reader's language as they stood when it happened.
 */
export type StoredEventFacts = { params: Record<string, string>; name: string; at: string; language: string };

/**
 * E-mail the bank sends a customer of its own accord (a security notice), stored first and sent
 * by the mail outbox like contact messages. `dedupe_key` turns a notice that many requests raise
 * at once (a burst of blocked sign-ins) into one e-mail. An event notice (a transfer, a decision)
 * stores its `facts` and is written out when sent, off the path that moved the money; other
 * notices store their `subject` and `body`.
 */
export const emailNotice = pgTable(
  'email_notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: emailNoticeKinds }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body'),
    facts: jsonb('facts').$type<StoredEventFacts>(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** Which queue the outbox sends it from; rows stored before the queues existed wait as bulk. */
    queue: text('queue', { enum: mailQueues }).notNull().default('bulk'),
    /**
     * Set on e-mails that tell of many events at once (transfers): while one such e-mail waits
     * unclaimed, later events of the same user and group are added to it instead of making
     * another (`email_notice_open_group_idx`).
     */
    groupKey: text('group_key'),
    createdAt: moment('created_at').notNull().defaultNow(),
    ...mailDeliveryColumns(),
  },
  (table) => [
    index('email_notice_user_idx').on(table.userId, table.createdAt),
    // Each queue's due e-mail in the order it is sent, whatever the other queue holds.
    index('email_notice_due_idx')
      .on(table.queue, table.nextAttemptAt, table.id)
      .where(sql`${table.sentAt} IS NULL`),
    // At most one unclaimed e-mail per user and group: the one later events are added to.
    uniqueIndex('email_notice_open_group_idx')
      .on(table.userId, table.groupKey)
      .where(sql`${table.groupKey} IS NOT NULL AND ${table.sentAt} IS NULL AND ${table.sendAttempts} = 0`),
    check('email_notice_has_text', sql`(${table.subject} IS NOT NULL AND ${table.body} IS NOT NULL) OR ${table.facts} IS NOT NULL`),
  ],
);

/**
 * When each periodic job (sweeps, expiries, the mail outbox) last started, across every server
 * instance: an instance runs a job only after claiming its period here, so N instances run it
 * once per period, not N times.
 */
export const jobRun = pgTable('job_run', {
  name: text('name').primaryKey(),
  lastStartedAt: moment('last_started_at').notNull(),
  runs: bigint('runs', { mode: 'number' }).notNull().default(1),
});

/**
 * How many rows each staff list holds, per status (an empty status for a list without one), so
 * `X-Total-Count` is an exact figure read from a handful of rows instead of a count over
 * millions. Kept by statement-level triggers (migration 0004) in the same transaction as the
 * rows they count, whichever code writes them, better-auth's user table included.
 */
export const listRowCount = pgTable(
  'list_row_count',
  {
    list: text('list', { enum: ['bank_account', 'card', 'loan', 'deposit_request', 'user', 'contact_message'] }).notNull(),
    status: text('status').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.list, table.status] })],
);

/**
 * What the signed-in user is told in the app (the bell in the top bar and the notifications page),
 * written in the same transaction as the event it tells of, together with its e-mail
 * (`raiseNotices`). The words are not stored: `params` holds the facts (amounts in poisha as
 * strings, account numbers, the kind of request) and the web app writes them in the language the
 * reader has chosen at the time they read, from the same catalogues as every other text.
 */
export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    /** When its event happened; for a grouped notification, its latest event. */
    createdAt: moment('created_at').notNull().defaultNow(),
    readAt: moment('read_at'),
    /**
     * Set on a notification that tells of many events of one window (money received within one
     * quarter of an hour): later events of the window update it instead of adding rows.
     */
    groupKey: text('group_key'),
  },
  (table) => [
    // The list (newest first) and the page after it.
    index('notification_user_created_idx').on(table.userId, table.createdAt, table.id),
    // The bell's count reads only unread rows, however many read ones a user keeps.
    index('notification_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} IS NULL`),
    uniqueIndex('notification_group_idx')
      .on(table.userId, table.groupKey)
      .where(sql`${table.groupKey} IS NOT NULL`),
  ],
);

/**
 * Notices raised by a busy path (a batch of transfers) and not yet written out: each row holds
 * one commit's events, as `raiseNotices` takes them. Written in the same transaction as the
 * events, so a rolled-back event tells nobody and a committed one is told even if the server
 * dies right after; expanded into notifications and e-mails by one statement of their own, just
 * after the commit and off the path that moved the money (`expandDeferredNotices`).
 */
export const deferredNotice = pgTable('deferred_notice', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  notices: jsonb('notices').notNull(),
  createdAt: moment('created_at').notNull().defaultNow(),
});

/**
 * The devices a user has signed in from, as a "new device" check sees them: the browser family
 * (Chrome on Android, Safari on iOS, …) and the client address's /24 (IPv4) or /48 (IPv6).
 * Sessions are deleted at sign-out, so they cannot remember this; this table does, for 90 days.
 */
export const knownDevice = pgTable(
  'known_device',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    deviceKey: text('device_key').notNull(),
    firstSeenAt: moment('first_seen_at').notNull().defaultNow(),
    lastSeenAt: moment('last_seen_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceKey] })],
);

/**
 * The generated session and sealing secret of a deployment on a PostgreSQL server that is given
 * no BETTER_AUTH_SECRET: at most one row (id 1), inserted once by whichever instance starts first
 * and read by every other, so that all of them sign cookies and open sealed values alike. A dump
 * of the database holds it, which is why production takes the secret from the environment instead.
 */
export const authSecret = pgTable(
  'auth_secret',
  {
    id: smallint('id').primaryKey(),
    secret: text('secret').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [check('auth_secret_one_row', sql`${table.id} = 1`)],
);

/**
 * What an SMS code confirms: a mobile number being verified, one operation (a transfer) at
 * step-up, or a visitor's number at sign-up (before any user exists: that code belongs to the number).
 */
export const smsCodePurposes = ['verify-phone', 'step-up', 'sign-up'] as const;
export type SmsCodePurpose = (typeof smsCodePurposes)[number];

/**
 * One-time codes sent by SMS (`modules/two-factor/sms-codes.ts`). Only an HMAC of the code is
 * kept, keyed with the server's secret and bound to `operation_hash` (a hash of what the code
 * confirms: the number being verified, or a transfer's accounts and amount), so a code read from a
 * database copy is useless and a code for one operation cannot confirm another. At most one code
 * per user and purpose is open: a new one replaces it. A sign-up code has no user yet
 * (`user_id` is null exactly for those): it belongs to the number, one open per number.
 * `used_at`: spent (single use);
 * `failed_attempts`: wrong tries against this code, which dies after a few.
 */
export const smsCode = pgTable(
  'sms_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: smsCodePurposes }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    operationHash: text('operation_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: moment('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: moment('used_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sms_code_user_purpose_idx').on(table.userId, table.purpose),
    uniqueIndex('sms_code_sign_up_number_idx')
      .on(table.phoneNumber)
      .where(sql`${table.purpose} = 'sign-up'`),
    check('sms_code_purpose_known', sql`${table.purpose} IN ('verify-phone', 'step-up', 'sign-up')`),
    check('sms_code_user_unless_sign_up', sql`(${table.userId} IS NULL) = (${table.purpose} = 'sign-up')`),
  ],
);

/**
 * The SMS outbox: each message is written in the transaction that made it (a code with its
 * `sms_code` row) and sent by the SMS outbox loop through the gateway, with the mail outbox's four
 * delivery columns. `expires_at`: a message not sent by then is dropped, not sent late (a code
 * that no longer works only confuses).
 */
export const smsMessage = pgTable(
  'sms_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    expiresAt: moment('expires_at').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    ...mailDeliveryColumns(),
  },
  (table) => [
    index('sms_message_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.sentAt} IS NULL`),
  ],
);
