import { describe, expect, it } from 'vitest';
import { singleLine } from '../../shared/hidden-characters';
import { mailRetryDelayMs, neutralisedEmail } from './mail-outbox';

describe('mailRetryDelayMs', () => {
  it('waits 30 s after the first failure and doubles up to one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(mailRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(mailRetryDelayMs(0)).toBe(30_000);
  });
});

describe('singleLine', () => {
  it('keeps a header value on one line, so a name cannot add a header', () => {
    expect(singleLine('Rahim\r\nBcc: everyone@example.com\t ')).toBe('Rahim Bcc: everyone@example.com');
    expect(singleLine('Rahim\u2028Bcc: everyone@example.com\u2029\u0085x')).toBe('Rahim Bcc: everyone@example.com x');
  });

  it('drops bidirectional controls and other invisible format characters, and keeps the joiners Bangla needs', () => {
    expect(singleLine('Rahim \u202Efdp.exe\u202C\u2066\u200F\u200B\u00AD\uFEFF')).toBe('Rahim fdp.exe');
    expect(singleLine('র\u200D্যাব শ্রাবন্তী')).toBe('র\u200D্যাব শ্রাবন্তী');
  });
});

describe('neutralisedEmail', () => {
  it('sends a subject on one line and a body with its paragraphs but no hidden characters', () => {
    const email = neutralisedEmail({
      messageId: '<x@padma.test>',
      from: 'a@padma.test',
      to: 'b@example.com',
      replyTo: { name: 'Visitor\r\nBcc: all@example.com', address: 'v@example.com' },
      subject: 'Contact message from \u202EVisitor\nBcc: all@example.com',
      text: 'Line one\r\nLine two\u2028Line three\u202E\u0000\tend',
    });
    expect(email.subject).toBe('Contact message from Visitor Bcc: all@example.com');
    expect(email.replyTo?.name).toBe('Visitor Bcc: all@example.com');
    expect(email.text).toBe('Line one\nLine two\nLine three\tend');
  });
});
