import { randomInt } from 'node:crypto';

export const accountNumberLength = 13;
/** Every account number starts with the bank's three-digit code. */
export const bankCode = '208';

/** Luhn check digit over the digits given (the same scheme as card numbers). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let value = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits whose last one is the Luhn check digit of the first twelve. */
export function isValidAccountNumber(candidate: string): boolean {
  if (!/^\d{13}$/.test(candidate)) return false;
  return luhnCheckDigit(candidate.slice(0, -1)) === Number(candidate.at(-1));
}

/** A random account number: bank code, nine random digits, check digit. A typo in one digit is caught. */
export function generateAccountNumber(): string {
  let body = bankCode;
  while (body.length < accountNumberLength - 1) body += String(randomInt(10));
  return `${body}${luhnCheckDigit(body)}`;
}
