import { sql } from 'drizzle-orm';
import { singleLine } from '../../shared/hidden-characters';
import type { Database, Executor } from '../db/client';
import { claimDueRows, mailLastErrorLengthMax, markRowFailed, markRowSent } from './mail-outbox';
import { startPeriodicJob } from './periodic-jobs';
import type { SmsGateway } from './sms-gateway';

/**
 * The SMS outbox: messages are rows of `sms_message`, written in the transaction that made them
 * (a one-time code with its `sms_code` row), and sent by this loop through the gateway, claimed
 * and leased exactly as the mail outbox claims e-mail (`claimDueRows`), so two instances never
 * send one message and a message survives a gateway that is down. Unlike e-mail, an SMS carries a
 * code that works for minutes: it is retried quickly and never sent after its `expires_at`.
 */
export const smsSendAttemptsMax = 5;
export const smsRetryDelayMs = 5_000;
export const smsSendLeaseMs = 30_000;
export const smsOutboxBatchSize = 20;
/** The periodic sweep; a request that stores a message also drains at once (`kick`). */
export const smsOutboxIntervalMs = 5_000;

type OutboxLog = { info: (message: string) => void; warn: (detail: object, message: string) => void };

/** Stores one message to send, in the caller's transaction; `expiresAt` is when it stops being worth sending. */
export async function storeSms(tx: Executor, message: { to: string; text: string; expiresAt: Date }): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    INSERT INTO sms_message (recipient, body, expires_at) VALUES (${message.to}, ${singleLine(message.text)}, ${message.expiresAt.toISOString()}::timestamptz)
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('the SMS was not stored');
  return id;
}

/** Sends every due, unexpired message once; answers how many were sent and how many failed. */
export async function deliverDueSms(db: Database, gateway: SmsGateway, log?: OutboxLog): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  const claimed = await claimDueRows(db, 'sms_message', ['recipient', 'body'], { batchSize: smsOutboxBatchSize, leaseMs: smsSendLeaseMs, attemptsMax: smsSendAttemptsMax }, sql`expires_at > now()`);
  for (const row of claimed) {
    const id = String(row.id);
    try {
      await gateway.send({ id, to: String(row.recipient), text: String(row.body) });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, mailLastErrorLengthMax);
      await markRowFailed(db, 'sms_message', id, { error: reason, retryDelayMs: smsRetryDelayMs });
      log?.warn({ id, attempt: row.send_attempts, reason }, 'SMS not sent; will retry');
      result.failed += 1;
      continue;
    }
    // Outside the try, as for e-mail: a database failure here must not record a sent SMS as failed.
    await markRowSent(db, 'sms_message', id);
    result.sent += 1;
  }
  return result;
}

export type SmsOutbox = {
  gateway: SmsGateway;
  /** Drains now (or joins the drain running), without waiting: called after a message's transaction commits. */
  kick: () => void;
  /** Drains now and answers when done (tests). */
  drainNow: () => Promise<{ sent: number; failed: number }>;
  stop: () => Promise<void>;
};

/**
 * What sends stored SMS: a drain after each stored message (`kick`), and the periodic sweep that
 * `startSmsOutboxSweep` starts with the server (`start.ts`), for messages whose drain failed.
 */
export function createSmsOutbox(db: Database, gateway: SmsGateway, log: OutboxLog): SmsOutbox {
  let running: Promise<{ sent: number; failed: number }> | null = null;
  const drainNow = () => {
    running ??= deliverDueSms(db, gateway, log).finally(() => {
      running = null;
    });
    return running;
  };
  return {
    gateway,
    drainNow,
    kick() {
      // A drain already running may have claimed before this message committed: run again after it.
      const after = running ?? Promise.resolve();
      void after.then(() => drainNow()).catch((error: unknown) => log.warn({ err: error }, 'SMS outbox drain failed'));
    },
    async stop() {
      await running?.catch(() => undefined);
    },
  };
}

/** The periodic sweep of the SMS outbox, on one instance per period: retries, and messages whose drain never ran. */
export function startSmsOutboxSweep(db: Database, outbox: SmsOutbox, log: OutboxLog): { stop: () => Promise<void> } {
  return startPeriodicJob(db, { name: 'sms-outbox', periodMs: smsOutboxIntervalMs, run: outbox.drainNow }, log);
}
