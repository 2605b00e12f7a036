import type { ContactDeliveryState } from '../../../shared/schemas/contact';
import { singleLine } from '../../../shared/hidden-characters';
import { mailSendAttemptsMax, type OutgoingEmail } from '../../lib/mail-outbox';

/**
 * A stored contact message's delivery as staff see it. The outbox retries with back-off
 * (`lib/mail-outbox.ts`); after its last attempt the message stays stored and staff still read
 * it in the dashboard, marked `failed`.
 */
export function contactDeliveryState(message: { sentAt: Date | null; sendAttempts: number }): ContactDeliveryState {
  if (message.sentAt) return 'sent';
  if (message.sendAttempts >= mailSendAttemptsMax) return 'failed';
  return message.sendAttempts > 0 ? 'retrying' : 'pending';
}

export type ContactMailAddresses = { contactInbox: string; mailFrom: string };

/**
 * The e-mail the bank's inbox receives. Plain text only, so nothing a visitor typed can turn
 * into markup; Reply-To is the visitor, so staff answer with their mail client's Reply button.
 * The Message-ID is fixed per message: if a send is ever repeated, the inbox sees one message.
 */
export function buildContactEmail(message: { id: string; fullName: string; email: string; contact: string; message: string; createdAt: Date }, addresses: ContactMailAddresses): OutgoingEmail {
  const name = singleLine(message.fullName);
  const domain = addresses.mailFrom.split('@')[1] ?? 'localhost';
  return {
    messageId: `<contact-${message.id}@${domain}>`,
    from: addresses.mailFrom,
    to: addresses.contactInbox,
    replyTo: { name, address: message.email },
    subject: `Contact message from ${name}`,
    text: [
      'A visitor sent this message through the Contact Us form of the website.',
      '',
      `Name: ${name}`,
      `Email: ${message.email}`,
      `Contact number: ${message.contact}`,
      `Received: ${message.createdAt.toISOString()}`,
      `Reference: ${message.id}`,
      '',
      'Message:',
      message.message,
      '',
      '--',
      'Reply to this e-mail to answer the visitor directly.',
    ].join('\n'),
  };
}
