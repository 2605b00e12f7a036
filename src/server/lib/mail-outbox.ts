import { type SQL, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { plainParagraphs, singleLine } from '../../shared/hidden-characters';
import type { Database, Executor } from '../db/client';
import { startPeriodicJob } from './periodic-jobs';

/**
 * The bank's outgoing e-mail: rows stored first (a contact message, a notice to a customer),
 * e-mailed later by one background loop on every instance. Storing first means nothing is lost
 * when the mail server is down, and the request that caused the e-mail never waits for SMTP.
 * Every table the outbox reads has the same four delivery columns (`sent_at`, `send_attempts`,
 * `next_attempt_at`, `last_error`), so claiming, leasing and retrying are written once, here.
 */
export const outboxTables = ['contact_message', 'email_notice'] as const;
export type OutboxTable = (typeof outboxTables)[number];
/** Every table with the four delivery columns: the e-mail outbox's, and the SMS outbox's (`sms-outbox.ts`). */
export type DeliveryTable = OutboxTable | 'sms_message';

/**
 * How the outbox retries a failed e-mail: 30 s after the first failure, doubling up to one
 * hour. After `mailSendAttemptsMax` attempts (about 14 hours of trying) it stops; the row stays
 * stored, marked failed by its attempts.
 */
export const mailRetryDelayFirstMs = 30_000;
export const mailRetryDelayMaxMs = 60 * 60 * 1000;
export const mailSendAttemptsMax = 20;
/** The longest one send may take before another instance may try the same e-mail again. */
export const mailSendLeaseMs = 5 * 60 * 1000;
/** Stored SMTP errors are for people to read, so a long one is cut. */
export const mailLastErrorLengthMax = 500;

/** How often each instance looks for due e-mail; one cheap query per source when there is none. */
export const mailOutboxIntervalMs = 5_000;
export const mailOutboxBatchSize = 10;
/**
 * Rounds per tick, each taking at most one batch from every source, so one tick cannot run for
 * ever when thousands of e-mails wait.
 */
export const mailOutboxBatchesPerTickMax = 10;
const smtpConnectionTimeoutMs = 10_000;
const smtpSocketTimeoutMs = 30_000;

/** The wait after the failed attempt number `attempt` (1 for the first): 30 s, 1 min, 2 min, … 1 h. */
export function mailRetryDelayMs(attempt: number): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(mailRetryDelayFirstMs * 2 ** exponent, mailRetryDelayMaxMs);
}

export type OutgoingEmail = {
  /** Fixed per stored row: if a send is ever repeated, the mailbox sees one message. */
  messageId: string;
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
};

/**
 * The e-mail as it leaves the bank: whatever its source stored (rows written before names were
 * checked for hidden characters included), the subject and the reply-to name are one line of
 * visible text and the body keeps only its paragraphs. The last place every e-mail goes through,
 * so no source can forget it.
 */
export function neutralisedEmail(email: OutgoingEmail): OutgoingEmail {
  return {
    ...email,
    subject: singleLine(email.subject),
    text: plainParagraphs(email.text),
    ...(email.replyTo ? { replyTo: { ...email.replyTo, name: singleLine(email.replyTo.name) } } : {}),
  };
}

/** Sends one e-mail or throws; a seam so tests can count sends. */
export type Mailer = { send: (email: OutgoingEmail) => Promise<void>; close: () => void };

export function createSmtpMailer(smtpUrl: string): Mailer {
  // nodemailer is imported on the first send, not at start-up: most starts find nothing to send.
  let transport: Promise<Transporter> | undefined;
  const connect = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: smtpConnectionTimeoutMs,
        greetingTimeout: smtpConnectionTimeoutMs,
        socketTimeout: smtpSocketTimeoutMs,
      }),
    );
    return transport;
  };
  return {
    async send(email) {
      await (await connect()).sendMail(email);
    },
    // A transport that never opened has nothing to close.
    close: () => void transport?.then((opened) => opened.close()).catch(() => undefined),
  };
}

export type ClaimOptions = { batchSize: number; leaseMs: number; attemptsMax: number };

/**
 * Claims up to `batchSize` unsent rows of `table` that are due, oldest due first, and leases
 * them: the attempt is counted and `next_attempt_at` moves `leaseMs` ahead, so no other
 * instance picks them up while this one sends. `FOR UPDATE SKIP LOCKED` lets two instances claim
 * at the same moment without waiting for each other and without claiming the same row. If this
 * instance dies mid-send, the lease runs out and another instance retries the e-mail. `only`
 * narrows the rows to one queue of the table. Answers the named columns of each row, with `id`
 * and `send_attempts` (counting this attempt).
 */
export async function claimDueRows(db: Executor, table: DeliveryTable, columns: readonly string[], options: ClaimOptions, only: SQL = sql`true`): Promise<Array<Record<string, unknown>>> {
  const target = sql.identifier(table);
  const returning = sql.join(
    ['id', 'send_attempts', ...columns].map((column) => sql`m.${sql.identifier(column)}`),
    sql`, `,
  );
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH due AS (
      SELECT id FROM ${target}
      WHERE ${only} AND sent_at IS NULL AND send_attempts < ${options.attemptsMax} AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${options.batchSize}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${target} AS m
    SET send_attempts = m.send_attempts + 1,
        next_attempt_at = now() + ${options.leaseMs} * interval '1 millisecond'
    FROM due
    WHERE m.id = due.id
    RETURNING ${returning}`);
  return result.rows;
}

export async function markRowSent(db: Executor, table: DeliveryTable, id: string): Promise<void> {
  await db.execute(sql`UPDATE ${sql.identifier(table)} SET sent_at = now(), last_error = NULL WHERE id = ${id}`);
}

/** Records why the send failed and when to try again; what was to be sent is never touched. */
export async function markRowFailed(db: Executor, table: DeliveryTable, id: string, failure: { error: string; retryDelayMs: number }): Promise<void> {
  await db.execute(sql`
    UPDATE ${sql.identifier(table)}
    SET last_error = ${failure.error}, next_attempt_at = now() + ${failure.retryDelayMs} * interval '1 millisecond'
    WHERE id = ${id}`);
}

export type ClaimedEmail = { id: string; sendAttempts: number; email: OutgoingEmail };

/** One kind of stored e-mail: the table it lives in and how claimed rows become e-mails. */
export type MailSource = { table: OutboxTable; claimDue: (db: Executor, options: ClaimOptions) => Promise<ClaimedEmail[]> };

export type OutboxLog = { info: (message: string) => void; warn: (detail: object, message: string) => void };

export type DrainResult = { sent: number; failed: number };

const claimOptions: ClaimOptions = { batchSize: mailOutboxBatchSize, leaseMs: mailSendLeaseMs, attemptsMax: mailSendAttemptsMax };

/** Sends each claimed e-mail and writes its outcome back at once. */
async function sendClaimed(db: Database, mailer: Mailer, source: MailSource, claimed: readonly ClaimedEmail[], result: DrainResult, log?: OutboxLog): Promise<void> {
  for (const { id, sendAttempts, email } of claimed) {
    try {
      await mailer.send(neutralisedEmail(email));
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, mailLastErrorLengthMax);
      await markRowFailed(db, source.table, id, { error: reason, retryDelayMs: mailRetryDelayMs(sendAttempts) });
      log?.warn({ table: source.table, id, attempt: sendAttempts, reason }, 'e-mail not sent; will retry');
      result.failed += 1;
      continue;
    }
    // Outside the try: if the database fails here, the e-mail was sent and must not be
    // recorded as a failed send; the drain stops, and the lease decides what happens next.
    await markRowSent(db, source.table, id);
    result.sent += 1;
  }
}

/**
 * Sends due e-mail in rounds: each round claims one batch from every source, in the order given,
 * and sends it, and another round follows while any source filled its batch. Listing the urgent
 * source first puts its e-mail ahead in every round: one that arrives while thousands of others
 * wait goes out at the start of the next round, after at most one batch of each other source.
 * And every source gets its batch in every round, so however much urgent e-mail there is, the
 * rest keeps moving.
 */
export async function deliverDueMail(db: Database, mailer: Mailer, sources: readonly MailSource[], log?: OutboxLog): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  for (let round = 0; round < mailOutboxBatchesPerTickMax; round += 1) {
    let anyBatchFull = false;
    for (const source of sources) {
      const claimed = await source.claimDue(db, claimOptions);
      await sendClaimed(db, mailer, source, claimed, result, log);
      if (claimed.length === claimOptions.batchSize) anyBatchFull = true;
    }
    if (!anyBatchFull) break;
  }
  return result;
}

export type MailOutbox = {
  /** Runs one drain now (or joins the one running) and answers its result. */
  drainNow: () => Promise<DrainResult>;
  stop: () => Promise<void>;
};

export type MailOutboxOptions = {
  db: Database;
  smtpUrl: string | undefined;
  sources: readonly MailSource[];
  log: OutboxLog;
  intervalMs?: number;
  /** Replaces the SMTP mailer (tests). */
  mailer?: Mailer;
};

/**
 * The background job that sends stored e-mail. Without an SMTP server configured it does not
 * start: contact messages stay stored for staff to read in the dashboard, notices stay stored
 * and are sent once a server is configured. Every instance may start it; one of them drains
 * each period (`startPeriodicJob`), and the row claims keep any two from sending one e-mail twice.
 */
export function startMailOutbox(options: MailOutboxOptions): MailOutbox | null {
  const mailer = options.mailer ?? (options.smtpUrl ? createSmtpMailer(options.smtpUrl) : null);
  if (!mailer) {
    options.log.info('SMTP_URL is not set: contact messages and notices are stored, not e-mailed');
    return null;
  }
  let running: Promise<DrainResult> | null = null;
  const drainNow = () => {
    running ??= deliverDueMail(options.db, mailer, options.sources, options.log).finally(() => {
      running = null;
    });
    return running;
  };
  // One instance drains each period: the row claims already keep two instances from sending one
  // e-mail twice, and this keeps N instances from each querying every table every period.
  const job = startPeriodicJob(options.db, { name: 'mail-outbox', periodMs: options.intervalMs ?? mailOutboxIntervalMs, run: drainNow }, options.log);
  return {
    drainNow,
    async stop() {
      await job.stop();
      await running?.catch(() => undefined);
      mailer.close();
    },
  };
}

/** Unsent e-mail still being tried, across every outbox table, and how long the oldest has waited (metrics). */
export async function mailOutboxStats(db: Executor): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const due = sql.join(
    outboxTables.map((table) => sql`SELECT created_at FROM ${sql.identifier(table)} WHERE sent_at IS NULL AND send_attempts < ${mailSendAttemptsMax}`),
    sql` UNION ALL `,
  );
  const result = await db.execute<{ depth: number; oldest: number }>(sql`
    SELECT count(*)::int AS depth, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest FROM (${due}) AS unsent`);
  const row = result.rows[0];
  return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: Number(row?.oldest ?? 0) };
}
