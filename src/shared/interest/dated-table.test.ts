import { describe, expect, it } from 'vitest';
import { inForceOn } from './dated-table';

describe('inForceOn', () => {
  const table = [
    { from: '2025-07-01', rate: 2 },
    { from: '2024-07-01', rate: 1 },
  ];
  it.each<[string, number]>([
    ['2024-07-01', 1],
    ['2025-06-30', 1],
    ['2025-07-01', 2],
    ['2099-12-31', 2],
  ])('on %s the row of rate %s is in force, whatever the order of the table', (day, rate) => {
    expect(inForceOn(table, day).rate).toBe(rate);
  });
  it('refuses a day before the first row', () => {
    expect(() => inForceOn(table, '2024-06-30')).toThrow(RangeError);
    expect(() => inForceOn([], '2024-06-30')).toThrow(RangeError);
  });
});
