import type { ContactMessage, StoredContactMessage } from '../../../shared/schemas/contact';
import type { Database } from '../../db/client';
import { contactDeliveryState } from './contact-delivery';
import { countContactMessages, insertContactMessage, listContactMessages, type ContactMessageRow } from './contact.repository';

/**
 * Stores the message; the outbox e-mails it later. Storing first means a visitor's message is
 * never lost to a mail server that is down, and the answer never waits for SMTP.
 */
export async function storeContactMessage(db: Database, message: ContactMessage, senderAddress: string | null): Promise<{ id: string }> {
  const row = await insertContactMessage(db, { ...message, senderAddress });
  return { id: row.id };
}

export function toStoredContactMessage(row: ContactMessageRow): StoredContactMessage {
  const state = contactDeliveryState(row);
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    contact: row.contact,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    deliveryState: state,
    sendAttempts: row.sendAttempts,
    sentAt: row.sentAt?.toISOString() ?? null,
    // Only a message still waiting for a send has a next attempt worth showing.
    nextAttemptAt: state === 'pending' || state === 'retrying' ? row.nextAttemptAt.toISOString() : null,
    lastError: row.lastError,
  };
}

/** One page, newest first, and how many messages there are in all, read as one snapshot. */
export async function listContactMessagesForStaff(db: Database, page: { limit: number; offset: number }): Promise<{ messages: StoredContactMessage[]; total: number }> {
  return db.transaction(
    async (reader) => ({ messages: (await listContactMessages(reader, page)).map(toStoredContactMessage), total: await countContactMessages(reader) }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
