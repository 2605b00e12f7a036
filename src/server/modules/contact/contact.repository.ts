import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '../../db/client';
import type { ListSearch } from '../../../shared/schemas/fields';
import { countListRows } from '../../lib/list-row-count';
import { containing, countMatches } from '../../lib/list-search';
import type { Page } from '../../lib/paged-list';
import { claimDueRows, type ClaimOptions } from '../../lib/mail-outbox';

export type ContactMessageRow = typeof schema.contactMessage.$inferSelect;
export type NewContactMessage = { fullName: string; email: string; contact: string; message: string; senderAddress: string | null };

export async function insertContactMessage(db: Executor, message: NewContactMessage): Promise<ContactMessageRow> {
  const [row] = await db.insert(schema.contactMessage).values(message).returning();
  if (!row) throw new Error('insert into contact_message returned no row');
  return row;
}

export type ContactMessagePage = { limit: number; offset: number; q?: ListSearch | undefined };

/**
 * A message is found by a piece of the sender's name, e-mail or contact number, along the
 * trigram index on that expression; digits are looked for as written, as a phone number's part.
 */
function contactSearchWhere(search: ListSearch | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const text = search.kind === 'digits' ? search.digits : search.text;
  const message = schema.contactMessage;
  return sql`lower(${message.fullName} || ' ' || ${message.email} || ' ' || ${message.contact}) LIKE ${containing(text)}`;
}

/** Newest first; `id` breaks ties between messages stored in the same instant. */
export function listContactMessages(db: Executor, page: ContactMessagePage): Promise<ContactMessageRow[]> {
  return db.select().from(schema.contactMessage).where(contactSearchWhere(page.q)).orderBy(desc(schema.contactMessage.createdAt), desc(schema.contactMessage.id)).limit(page.limit).offset(page.offset);
}

export function countContactMessages(db: Executor): Promise<number> {
  return countListRows(db, 'contact_message');
}

/** One page, newest first, and how many messages there are in all; read in one snapshot by the caller. */
export async function pageOfContactMessages(db: Executor, page: ContactMessagePage): Promise<Page<ContactMessageRow>> {
  const searched = contactSearchWhere(page.q);
  const total = searched ? await countMatches(db, sql`SELECT count(*) FROM contact_message WHERE ${searched}`) : await countContactMessages(db);
  return { rows: await listContactMessages(db, page), total };
}

export async function findContactMessage(db: Executor, id: string): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(schema.contactMessage).where(eq(schema.contactMessage.id, id));
  return row;
}

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

/** Due unsent messages, claimed and leased for this instance to send (`claimDueRows`), oldest first. */
export async function claimDueContactMessages(db: Executor, options: ClaimOptions): Promise<ClaimedContactMessage[]> {
  const rows = await claimDueRows(db, 'contact_message', ['full_name', 'email', 'contact', 'message', 'created_at'], options);
  return rows
    .map((row) => ({
      id: String(row.id),
      fullName: String(row.full_name),
      email: String(row.email),
      contact: String(row.contact),
      message: String(row.message),
      createdAt: new Date(String(row.created_at)),
      sendAttempts: Number(row.send_attempts),
    }))
    .sort((first, second) => first.createdAt.getTime() - second.createdAt.getTime());
}
