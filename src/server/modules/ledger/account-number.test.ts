import { describe, expect, it } from 'vitest';
import { generateAccountNumber, isValidAccountNumber, luhnCheckDigit } from './account-number';

describe('account numbers', () => {
  it('are 13 digits with a valid check digit', () => {
    for (let index = 0; index < 200; index += 1) {
      const number = generateAccountNumber();
      expect(number).toMatch(/^208\d{10}$/);
      expect(isValidAccountNumber(number)).toBe(true);
    }
  });

  it('catch a single mistyped digit and a swap of neighbours', () => {
    const number = generateAccountNumber();
    for (let position = 0; position < 13; position += 1) {
      const digit = Number(number[position]);
      const typo = `${number.slice(0, position)}${(digit + 1) % 10}${number.slice(position + 1)}`;
      expect(isValidAccountNumber(typo)).toBe(false);
    }
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(isValidAccountNumber('208123456789')).toBe(false);
    expect(isValidAccountNumber('20812345678901')).toBe(false);
    expect(isValidAccountNumber('208123456789x')).toBe(false);
  });
});
