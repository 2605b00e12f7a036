/**
 * Bangla digits (০ to ৯) and their ASCII twins. Customers type numbers in either script, often
 * mixed (a phone keyboard set to Bangla gives ০১৭…); every rule and every stored value works on
 * ASCII digits, so input is normalised first and Bangla digits come back only on display.
 */
const banglaZero = 0x09e6;
const banglaDigitPattern = /[০-৯]/g;
const asciiDigitPattern = /[0-9]/g;

/** "০১৭১২-৩৪৫৬৭৮" → "01712-345678"; everything else is left as it is. */
export function toAsciiDigits(text: string): string {
  return text.replace(banglaDigitPattern, (digit) => String(digit.charCodeAt(0) - banglaZero));
}

/** "1,25,000.00" → "১,২৫,০০০.০০", for showing numbers to a reader who chose Bangla. */
export function toBanglaDigits(text: string): string {
  return text.replace(asciiDigitPattern, (digit) => String.fromCharCode(banglaZero + Number(digit)));
}

/** A zod `preprocess` step: strings get ASCII digits, anything else passes through to the schema's own type check. */
export const asciiDigitsIfText = (value: unknown): unknown => (typeof value === 'string' ? toAsciiDigits(value) : value);
