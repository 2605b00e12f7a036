import type { ContactMessage } from '../../../shared/schemas/contact';
import type { Database } from '../../db/client';
import { insertContactMessage } from './contact.repository';

/**
 * Stores the message; the outbox e-mails it later. Storing first means a visitor's message is
 * never lost to a mail server that is down, and the answer never waits for SMTP.
 */
export async function storeContactMessage(db: Database, message: ContactMessage, senderAddress: string | null): Promise<{ id: string }> {
  const row = await insertContactMessage(db, { ...message, senderAddress });
  return { id: row.id };
}
