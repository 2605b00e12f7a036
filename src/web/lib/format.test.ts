import { describe, expect, it } from 'vitest';
import { formatBdtNumber, formatDate, formatDateTime, formatTime } from './format';

describe('the formatter module', () => {
  it('writes instants in Dhaka time, day month year, whatever the time zone of the machine', () => {
    // 20:30 UTC is 02:30 the next day in Dhaka (UTC+6).
    expect(formatDateTime('2026-11-24T20:30:00Z')).toBe('25 Nov 2026, 02:30');
    expect(formatDate('2026-11-24T20:30:00Z')).toBe('25 Nov 2026');
    expect(formatTime('2026-11-24T20:30:00Z')).toBe('02:30');
  });

  it('writes a calendar date as the same day, however it falls against UTC', () => {
    expect(formatDate('1990-05-17')).toBe('17 May 1990');
    expect(formatDate('2000-01-01')).toBe('1 Jan 2000');
  });

  it('writes money with lakh and crore grouping and the suffix BDT', () => {
    expect(formatBdtNumber(125000)).toBe('1,25,000.00 BDT');
    expect(formatBdtNumber(12345678.5)).toBe('1,23,45,678.50 BDT');
    expect(formatBdtNumber(0.05)).toBe('0.05 BDT');
  });
});
