import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHalfToEven, roundHalfUp } from './rounding';

describe('roundHalfToEven', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 2n],
    [7n, 2n, 4n],
    [1n, 2n, 0n],
    [3n, 2n, 2n],
    [11n, 4n, 3n],
    [9n, 4n, 2n],
    [0n, 7n, 0n],
    [-5n, 2n, -2n],
    [-7n, 2n, -4n],
    [-11n, 4n, -3n],
    [-9n, 4n, -2n],
    [-1n, 3n, 0n],
    [6n, 3n, 2n],
  ])('%s / %s → %s', (numerator, denominator, expected) => {
    expect(roundHalfToEven(numerator, denominator)).toBe(expected);
  });

  it('refuses a denominator that is not positive', () => {
    expect(() => roundHalfToEven(1n, 0n)).toThrow(RangeError);
    expect(() => roundHalfToEven(1n, -2n)).toThrow(RangeError);
  });

  it('lands within half of the exact value, and on an even number at a tie', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (numerator, denominator) => {
        const rounded = roundHalfToEven(numerator, denominator);
        const error = numerator - rounded * denominator;
        expect(2n * (error < 0n ? -error : error) <= denominator).toBe(true);
        if (2n * (error < 0n ? -error : error) === denominator) expect(rounded % 2n).toBe(0n);
      }),
    );
  });
});

describe('roundHalfUp', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [7n, 2n, 4n],
    [1n, 2n, 1n],
    [11n, 4n, 3n],
    [9n, 4n, 2n],
    [0n, 5n, 0n],
  ])('%s / %s → %s', (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected);
  });

  it('refuses a negative amount and a denominator that is not positive', () => {
    expect(() => roundHalfUp(-1n, 2n)).toThrow(RangeError);
    expect(() => roundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});
