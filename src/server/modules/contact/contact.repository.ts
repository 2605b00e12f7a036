import { desc, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import { countListRows } from '../../lib/list-row-count';

export type ContactMessageRow = typeof schema.contactMessage.$inferSelect;
export type NewContactMessage = { fullName: string; email: string; contact: string; message: string; senderAddress: string | null };

export async function insertContactMessage(db: Executor, message: NewContactMessage): Promise<ContactMessageRow> {
  const [row] = await db.insert(schema.contactMessage).values(message).returning();
  if (!row) throw new Error('insert into contact_message returned no row');
  return row;
}

/** Newest first; `id` breaks ties between messages stored in the same instant. */
export function listContactMessages(db: Executor, page: { limit: number; offset: number }): Promise<ContactMessageRow[]> {
  return db
    .select()
    .from(schema.contactMessage)
    .orderBy(desc(schema.contactMessage.createdAt), desc(schema.contactMessage.id))
    .limit(page.limit)
    .offset(page.offset);
}

export function countContactMessages(db: Executor): Promise<number> {
  return countListRows(db, 'contact_message');
}

export async function findContactMessage(db: Executor, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(schema.contactMessage).where(eq(schema.contactMessage.id, id));
  return row;
}

type ClaimedRow = {
  id: string;
  full_name: string;
  email: string;
  contact: string;
  message: string;
  created_at: string | Date;
  send_attempts: number;
};

export type ClaimedContactMessage = {
  id: string;
  fullName: string;
  email: string;
  contact: string;
  message: string;
  createdAt: Date;
  /** Counting this attempt. */
  sendAttempts: number;
};

/**
 * Claims up to `batchSize` unsent messages that are due, oldest due first, and leases them:
 * the attempt is counted and `next_attempt_at` moves `leaseMs` ahead, so no other instance
 * picks them up while this one sends. `FOR UPDATE SKIP LOCKED` lets two instances claim at
 * the same moment without waiting for each other and without claiming the same row. If this
 * instance dies mid-send, the lease runs out and another instance retries the message.
 */
export async function claimDueContactMessages(db: Executor, options: { batchSize: number; leaseMs: number; attemptsMax: number }): Promise<ClaimedContactMessage[]> {
  const result = await db.execute<ClaimedRow>(sql`
    WITH due AS (
      SELECT id FROM contact_message
      WHERE sent_at IS NULL AND send_attempts < ${options.attemptsMax} AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${options.batchSize}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE contact_message AS m
    SET send_attempts = m.send_attempts + 1,
        next_attempt_at = now() + ${options.leaseMs} * interval '1 millisecond'
    FROM due
    WHERE m.id = due.id
    RETURNING m.id, m.full_name, m.email, m.contact, m.message, m.created_at, m.send_attempts`);
  return result.rows
    .map((row) => ({
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      contact: row.contact,
      message: row.message,
      createdAt: new Date(row.created_at),
      sendAttempts: Number(row.send_attempts),
    }))
    .sort((first, second) => first.createdAt.getTime() - second.createdAt.getTime());
}

export async function markContactMessageSent(db: Executor, id: string): Promise<void> {
  await db
    .update(schema.contactMessage)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(eq(schema.contactMessage.id, id));
}

/** Records why the send failed and when to try again; the message itself is never touched. */
export async function markContactMessageFailed(db: Executor, id: string, failure: { error: string; retryDelayMs: number }): Promise<void> {
  await db
    .update(schema.contactMessage)
    .set({ lastError: failure.error, nextAttemptAt: sql`now() + ${failure.retryDelayMs} * interval '1 millisecond'` })
    .where(eq(schema.contactMessage.id, id));
}
