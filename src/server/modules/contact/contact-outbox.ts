import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import {
  buildContactEmail,
  contactLastErrorLengthMax,
  contactRetryDelayMs,
  contactSendAttemptsMax,
  contactSendLeaseMs,
  type ContactEmail,
  type ContactMailAddresses,
} from './contact-delivery';
import { claimDueContactMessages, markContactMessageFailed, markContactMessageSent } from './contact.repository';

/** How often each instance looks for due messages; one cheap query when there are none. */
export const contactOutboxIntervalMs = 5_000;
export const contactOutboxBatchSize = 10;
/** Batches per tick, so one tick cannot run for ever when thousands of messages wait. */
export const contactOutboxBatchesPerTickMax = 10;
const smtpConnectionTimeoutMs = 10_000;
const smtpSocketTimeoutMs = 30_000;

/** Sends one e-mail or throws; a seam so tests can count sends. */
export type ContactMailer = { send: (email: ContactEmail) => Promise<void>; close: () => void };

export function createSmtpMailer(smtpUrl: string): ContactMailer {
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

export type OutboxLog = { info: (message: string) => void; warn: (detail: object, message: string) => void };

export type DrainResult = { sent: number; failed: number };

/** Claims due messages batch by batch and sends each; every outcome is written back at once. */
export async function deliverDueContactMessages(db: Database, mailer: ContactMailer, addresses: ContactMailAddresses, log?: OutboxLog): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  for (let batch = 0; batch < contactOutboxBatchesPerTickMax; batch += 1) {
    const claimed = await claimDueContactMessages(db, { batchSize: contactOutboxBatchSize, leaseMs: contactSendLeaseMs, attemptsMax: contactSendAttemptsMax });
    for (const message of claimed) {
      try {
        await mailer.send(buildContactEmail(message, addresses));
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, contactLastErrorLengthMax);
        await markContactMessageFailed(db, message.id, { error: reason, retryDelayMs: contactRetryDelayMs(message.sendAttempts) });
        log?.warn({ contactMessageId: message.id, attempt: message.sendAttempts, reason }, 'contact e-mail not sent; will retry');
        result.failed += 1;
        continue;
      }
      // Outside the try: if the database fails here, the message was sent and must not be
      // recorded as a failed send; the drain stops, and the lease decides what happens next.
      await markContactMessageSent(db, message.id);
      result.sent += 1;
    }
    if (claimed.length < contactOutboxBatchSize) break;
  }
  return result;
}

export type ContactOutbox = {
  /** Runs one drain now (or joins the one running) and answers its result. */
  drainNow: () => Promise<DrainResult>;
  stop: () => Promise<void>;
};

export type ContactOutboxOptions = ContactMailAddresses & {
  db: Database;
  smtpUrl: string | undefined;
  log: OutboxLog;
  intervalMs?: number;
  /** Replaces the SMTP mailer (tests). */
  mailer?: ContactMailer;
};

/**
 * The background job that e-mails stored contact messages. Without an SMTP server configured
 * it does not start: messages simply stay stored and staff read them in the dashboard. Every
 * instance may run it; the row claims keep them from sending one message twice.
 */
export function startContactOutbox(options: ContactOutboxOptions): ContactOutbox | null {
  const mailer = options.mailer ?? (options.smtpUrl ? createSmtpMailer(options.smtpUrl) : null);
  if (!mailer) {
    options.log.info('SMTP_URL is not set: contact messages are stored, not e-mailed');
    return null;
  }
  const addresses = { contactInbox: options.contactInbox, mailFrom: options.mailFrom };
  let running: Promise<DrainResult> | null = null;
  const drainNow = () => {
    running ??= deliverDueContactMessages(options.db, mailer, addresses, options.log).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    drainNow().catch((error: unknown) => options.log.warn({ err: error }, 'contact outbox drain failed'));
  }, options.intervalMs ?? contactOutboxIntervalMs);
  // The outbox alone must not keep the process alive.
  timer.unref();
  return {
    drainNow,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      mailer.close();
    },
  };
}
