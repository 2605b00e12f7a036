import type { MailSource } from '../../lib/mail-outbox';
import { buildContactEmail, type ContactMailAddresses } from './contact-delivery';
import { claimDueContactMessages } from './contact.repository';

/** Stored contact messages, e-mailed to the bank's inbox by the mail outbox. */
export function contactMailSource(addresses: ContactMailAddresses): MailSource {
  return {
    table: 'contact_message',
    async claimDue(db, options) {
      const claimed = await claimDueContactMessages(db, options);
      return claimed.map((message) => ({ id: message.id, sendAttempts: message.sendAttempts, email: buildContactEmail(message, addresses) }));
    },
  };
}
