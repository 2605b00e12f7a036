import { describe, expect, it } from 'vitest';
import { maskAccountNumber, maskAccountNumbersIn } from './account-display';

describe('maskAccountNumber', () => {
  it('keeps the last four digits only', () => {
    expect(maskAccountNumber('2081234567897')).toBe('••••7897');
    expect(maskAccountNumber('2081234567897')).not.toContain('208123');
  });
});

describe('maskAccountNumbersIn', () => {
  it('masks every 13-digit account number in a description and leaves amounts alone', () => {
    expect(maskAccountNumbersIn('Transfer of 1,500.00 BDT from Alice (2081234567897) to Bob (2089876543210)')).toBe('Transfer of 1,500.00 BDT from Alice (••••7897) to Bob (••••3210)');
    expect(maskAccountNumbersIn('Cash deposit of 12,00,000.00 BDT')).toBe('Cash deposit of 12,00,000.00 BDT');
  });
});
