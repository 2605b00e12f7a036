import { describe, expect, it } from 'vitest';
import { buildContactEmail, contactDeliveryState, contactRetryDelayMs, contactSendAttemptsMax } from './contact-delivery';

describe('contactRetryDelayMs', () => {
  it('waits 30 s after the first failure and doubles up to one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(contactRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(contactRetryDelayMs(0)).toBe(30_000);
  });
});

describe('contactDeliveryState', () => {
  it('names each state', () => {
    expect(contactDeliveryState({ sentAt: null, sendAttempts: 0 })).toBe('pending');
    expect(contactDeliveryState({ sentAt: null, sendAttempts: 1 })).toBe('retrying');
    expect(contactDeliveryState({ sentAt: new Date(), sendAttempts: 3 })).toBe('sent');
    expect(contactDeliveryState({ sentAt: null, sendAttempts: contactSendAttemptsMax })).toBe('failed');
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
    expect(email.replyTo.address).toBe('rahima@example.com');
    expect(email.text).toContain('Contact number: +8801712345678');
    expect(email.text).toContain('Line one\nLine two');
  });

  it('keeps a name with line breaks on one header line', () => {
    const email = buildContactEmail(message, addresses);
    expect(email.subject).toBe('Contact message from Rahima Bcc: victim@example.com');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.replyTo.name).not.toMatch(/[\r\n]/);
  });
});
