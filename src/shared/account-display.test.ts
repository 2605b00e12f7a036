import { describe, expect, it } from 'vitest';
import { maskAccountNumber } from './account-display';

describe('maskAccountNumber', () => {
  it('keeps the last four digits only', () => {
    expect(maskAccountNumber('2081234567897')).toBe('••••7897');
    expect(maskAccountNumber('2081234567897')).not.toContain('208123');
  });
});
