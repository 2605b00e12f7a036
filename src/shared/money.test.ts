import { describe, expect, it } from 'vitest';
import { bdtNumberToPoisha, formatBdt, formatBdtIn, formatBdtNumber, formatWholeBdtIn, parseAmountToPoisha, poishaToBdtNumber, poishaToDecimalString } from './money';

describe('parseAmountToPoisha', () => {
  it.each([
    [1250.5, 125050n],
    ['1250.5', 125050n],
    ['1,25,000.50', 12500050n],
    ['10,00,000', 100000000n],
    ['125,000.50', 12500050n],
    ['1,000', 100000n],
    ['999', 99900n],
    [0.01, 1n],
    ['1000000000', 100000000000n],
    [1, 100n],
  ])('accepts %s', (input, poisha) => {
    expect(parseAmountToPoisha(input)).toEqual({ ok: true, poisha });
  });

  it.each([
    [0, 'not_positive'],
    [-5, 'not_positive'],
    ['-0.01', 'not_positive'],
    ['0.00', 'not_positive'],
    [0.1 + 0.2, 'too_many_decimals'],
    ['12.345', 'too_many_decimals'],
    ['1000000000.01', 'too_large'],
    [1e21, 'too_large'],
    [Number.NaN, 'not_a_number'],
    [Number.POSITIVE_INFINITY, 'not_a_number'],
    ['abc', 'not_a_number'],
    ['', 'not_a_number'],
    ['1e5', 'not_a_number'],
    [null, 'not_a_number'],
    [true, 'not_a_number'],
    ['1,,,0', 'misplaced_commas'],
    [',5', 'misplaced_commas'],
    ['1,0', 'misplaced_commas'],
    ['1,00', 'misplaced_commas'],
    ['1,000,00', 'misplaced_commas'],
    ['12,34,5', 'misplaced_commas'],
    ['1,000.', 'not_a_number'],
    ['.5', 'not_a_number'],
    [1e-7, 'too_many_decimals'],
    [-1e-7, 'not_positive'],
  ])('refuses %s as %s', (input, reason) => {
    expect(parseAmountToPoisha(input)).toEqual({ ok: false, reason });
  });
});

describe('formatting', () => {
  it('groups in lakh and crore', () => {
    expect(formatBdt(12500000n)).toBe('1,25,000.00 BDT');
    expect(formatBdt(1234567890n)).toBe('1,23,45,678.90 BDT');
    expect(formatBdt(99n)).toBe('0.99 BDT');
    expect(formatBdt(100000n)).toBe('1,000.00 BDT');
    expect(formatBdt(-150n)).toBe('-1.50 BDT');
    expect(formatBdtNumber(125000.5)).toBe('1,25,000.50 BDT');
  });

  it('converts exactly between poisha and BDT numbers', () => {
    expect(poishaToBdtNumber(12500050n)).toBe(125000.5);
    expect(poishaToDecimalString(5n)).toBe('0.05');
    expect(bdtNumberToPoisha(0.07)).toBe(7n);
    expect(bdtNumberToPoisha(1000000000)).toBe(100000000000n);
    for (let poisha = 0n; poisha < 2000n; poisha += 7n) {
      expect(bdtNumberToPoisha(poishaToBdtNumber(poisha))).toBe(poisha);
    }
  });
});

describe('formatting for a reader', () => {
  it('writes the currency and the digits in the reader’s language', () => {
    expect(formatBdtIn(12_500_050n, 'en')).toBe('1,25,000.50 BDT');
    expect(formatBdtIn(12_500_050n, 'bn')).toBe('১,২৫,০০০.৫০ টাকা');
    expect(formatBdtIn(-5_000n, 'bn')).toBe('-৫০.০০ টাকা');
  });

  it('leaves out the poisha of a whole amount, and only of a whole one', () => {
    expect(formatWholeBdtIn(5_000_000n, 'en')).toBe('50,000 BDT');
    expect(formatWholeBdtIn(5_000_000n, 'bn')).toBe('৫০,০০০ টাকা');
    expect(formatWholeBdtIn(5_000_050n, 'en')).toBe('50,000.50 BDT');
    expect(formatWholeBdtIn(100_000_000_00n, 'bn')).toBe('১০,০০,০০,০০০ টাকা');
  });
});
