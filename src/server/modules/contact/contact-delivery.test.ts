import { describe, expect, it } from 'vitest';
import { mailSendAttemptsMax } from '../../lib/mail-outbox';
import { buildContactEmail, contactDeliveryState } from './contact-delivery';

describe('contactDeliveryState', () => {
  it('names each state', () => {
    expect(contactDeliveryState({ sentAt: null, sendAttempts: 0 })).toBe('pending');
    expect(contactDeliveryState({ sentAt: null, sendAttempts: 1 })).toBe('retrying');
    expect(contactDeliveryState({ sentAt: new Date(), sendAttempts: 3 })).toBe('sent');
    expect(contactDeliveryState({ sentAt: null, sendAttempts: mailSendAttemptsMax })).toBe('failed');
  });
});

describe('buildContactEmail', () => {
  const addresses = { contactInbox: 'care@padma.test', mailFrom: 'website@padma.test' };
  const message = {
    id: '4f0c2a4e-8a7c-4b6b-9d7e-1f2a3b4c5d6e',
    fullName: 'Rahima\r\nBcc: victim@example.com',
    email: 'rahima@example.com',
    contact: '+8801712345678',
    message: 'Line one\nLine two',
    createdAt: new Date('2026-11-22T08:00:00Z'),
  };

  it('sends from the website to the inbox, replying to the visitor', () => {
    const email = buildContactEmail(message, addresses);
    expect(email).toMatchObject({ from: 'website@padma.test', to: 'care@padma.test', messageId: `<contact-${message.id}@padma.test>` });
    expect(email.replyTo?.address).toBe('rahima@example.com');
    expect(email.text).toContain('Contact number: +8801712345678');
    expect(email.text).toContain('Line one\nLine two');
  });

  it('keeps a name with line breaks on one header line', () => {
    const email = buildContactEmail(message, addresses);
    expect(email.subject).toBe('Contact message from Rahima Bcc: victim@example.com');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.replyTo?.name).not.toMatch(/[\r\n]/);
  });
});
