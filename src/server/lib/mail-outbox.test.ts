import { describe, expect, it } from 'vitest';
import { mailRetryDelayMs, singleLine } from './mail-outbox';

describe('mailRetryDelayMs', () => {
  it('waits 30 s after the first failure and doubles up to one hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map(mailRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(mailRetryDelayMs(0)).toBe(30_000);
  });
});

describe('singleLine', () => {
  it('keeps a header value on one line, so a name cannot add a header', () => {
    expect(singleLine('Rahim\r\nBcc: everyone@example.com\t ')).toBe('Rahim Bcc: everyone@example.com');
  });
});
