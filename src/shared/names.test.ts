import { describe, expect, it } from 'vitest';
import { normaliseName } from './names';

describe('normaliseName', () => {
  it('ignores case and collapses spacing, and keeps Bangla as it is', () => {
    expect(normaliseName('  bob   HOSSAIN ')).toBe('bob hossain');
    expect(normaliseName('Bob\tHossain')).toBe('bob hossain');
    expect(normaliseName(' নুসরাত  জাহান ')).toBe('নুসরাত জাহান');
  });

  it('compares a name stored decomposed with the same name typed composed', () => {
    expect(normaliseName('Jose\u0301 Rahman')).toBe(normaliseName('Jos\u00E9 Rahman'));
  });
});
