import { sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
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
