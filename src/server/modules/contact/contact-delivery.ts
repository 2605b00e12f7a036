import type { ContactDeliveryState } from '../../../shared/schemas/contact';

/**
 * How the outbox retries a failed e-mail: 30 s after the first failure, doubling up to one
 * hour. After `contactSendAttemptsMax` attempts (about 14 hours of trying) it stops; the
 * message stays stored and staff still read it in the dashboard, marked `failed`.
 */
export const contactRetryDelayFirstMs = 30_000;
export const contactRetryDelayMaxMs = 60 * 60 * 1000;
export const contactSendAttemptsMax = 20;
/** The longest one send may take before another instance may try the same message again. */
export const contactSendLeaseMs = 5 * 60 * 1000;
/** Stored SMTP errors are for people to read, so a long one is cut. */
export const contactLastErrorLengthMax = 500;

/** The wait after the failed attempt number `attempt` (1 for the first): 30 s, 1 min, 2 min, … 1 h. */
export function contactRetryDelayMs(attempt: number): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(contactRetryDelayFirstMs * 2 ** exponent, contactRetryDelayMaxMs);
}

export function contactDeliveryState(message: { sentAt: Date | null; sendAttempts: number }): ContactDeliveryState {
  if (message.sentAt) return 'sent';
  if (message.sendAttempts >= contactSendAttemptsMax) return 'failed';
  return message.sendAttempts > 0 ? 'retrying' : 'pending';
}

export type ContactMailAddresses = { contactInbox: string; mailFrom: string };

export type ContactEmail = {
  messageId: string;
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
};

/** Line breaks in a header value would start a new header; names never need them. */
const singleLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * The e-mail the bank's inbox receives. Plain text only, so nothing a visitor typed can turn
 * into markup; Reply-To is the visitor, so staff answer with their mail client's Reply button.
 * The Message-ID is fixed per message: if a send is ever repeated, the inbox sees one message.
 */
export function buildContactEmail(
  message: { id: string; fullName: string; email: string; contact: string; message: string; createdAt: Date },
  addresses: ContactMailAddresses,
): ContactEmail {
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
