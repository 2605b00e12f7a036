import type { StoredContactMessage } from '../../../shared/schemas/contact';
import { contactDeliveryState } from './contact-delivery';
import type { ContactMessageRow } from './contact.repository';

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
