/**
 * Money is held as integer poisha (1 BDT = 100 poisha) in `bigint`, never as a float.
 *
 * Worked example: a customer types "1,25,000.5" → `parseBdtToPoisha` gives 12500050n;
 * `formatBdt(12500050n)` shows "1,25,000.50 BDT"; the API answers `poishaToBdtNumber(12500050n)`
 * = 125000.5 (a JSON number with at most two decimals, exact because it is built from the
 * decimal string, not from arithmetic on floats).
 */

import { toAsciiDigits, toBanglaDigits } from './digits';
import type { Language } from './language';

export const poishaPerBdt = 100n;
/** The largest amount one request may carry: 1,000,000,000 BDT. */
export const amountBdtMax = 1_000_000_000;
export const amountPoishaMax = BigInt(amountBdtMax) * poishaPerBdt;

const decimalAmountPattern = /^(\d+)(?:\.(\d{1,2}))?$/;
/** Whole BDT with commas only between groups: lakh style (1,25,000) or thousands (125,000). */
const groupedWholePattern = /^(?:\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?=\.|$)/;

export type ParseAmountResult = { ok: true; poisha: bigint } | { ok: false; reason: 'not_a_number' | 'misplaced_commas' | 'too_many_decimals' | 'not_positive' | 'too_large' };

/**
 * Parses an amount given as a JSON number or a decimal string ("1250.5", "1,25,000.50", or in
 * Bangla digits "১,২৫,০০০.৫০").
 * Commas may only group whole digits, lakh style or by thousands ("1,,,0" and ",5" are refused);
 * at most two decimals; greater than 0; at most `amountBdtMax`.
 */
export function parseAmountToPoisha(input: unknown): ParseAmountResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'not_a_number' };
    // A JSON number like 0.1 + 0.2 arrives as 0.30000000000000004: String() exposes the
    // extra decimals, which is exactly the case we must refuse rather than round.
    text = String(input);
    // JavaScript writes numbers below 1e-6 and from 1e21 with an exponent.
    if (/e/i.test(text)) return { ok: false, reason: input <= 0 ? 'not_positive' : Math.abs(input) < 1 ? 'too_many_decimals' : 'too_large' };
  } else if (typeof input === 'string') {
    text = toAsciiDigits(input).trim();
    if (text.includes(',')) {
      if (!groupedWholePattern.test(text)) return { ok: false, reason: 'misplaced_commas' };
      text = text.replace(/,/g, '');
    }
  } else {
    return { ok: false, reason: 'not_a_number' };
  }
  if (text.startsWith('-')) return { ok: false, reason: 'not_positive' };
  const match = decimalAmountPattern.exec(text);
  if (!match) {
    return /^\d+\.\d{3,}$/.test(text) ? { ok: false, reason: 'too_many_decimals' } : { ok: false, reason: 'not_a_number' };
  }
  const whole = BigInt(match[1] ?? '0');
  const fraction = BigInt((match[2] ?? '').padEnd(2, '0') || '0');
  const poisha = whole * poishaPerBdt + fraction;
  if (poisha <= 0n) return { ok: false, reason: 'not_positive' };
  if (poisha > amountPoishaMax) return { ok: false, reason: 'too_large' };
  return { ok: true, poisha };
}

export const amountErrorMessages: Record<Exclude<ParseAmountResult, { ok: true }>['reason'], string> = {
  not_a_number: 'must be an amount in BDT, for example 1500 or 1500.50',
  misplaced_commas: 'may have commas only between groups of digits, as in 1,25,000.50',
  too_many_decimals: 'may have at most two decimals (poisha)',
  not_positive: 'must be greater than 0',
  too_large: 'must be at most 1,000,000,000 BDT',
};

/** The exact decimal text of an amount: 12500050n → "125000.50". Negative amounts keep their sign. */
export function poishaToDecimalString(poisha: bigint): string {
  const negative = poisha < 0n;
  const absolute = negative ? -poisha : poisha;
  const whole = absolute / poishaPerBdt;
  const fraction = (absolute % poishaPerBdt).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** The amount as a JSON number in BDT: 12500050n → 125000.5. Exact for every amount below 2^53 poisha. */
export function poishaToBdtNumber(poisha: bigint): number {
  return Number(poishaToDecimalString(poisha));
}

/** Lakh-and-crore grouping: 1234567 → "12,34,567". */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}`;
}

/** The amount's figures as shown in Bangladesh: 12500000n → "1,25,000.00"; without ".00" when `poishaOnlyIfAny` and there are none. */
function groupedAmount(poisha: bigint, poishaOnlyIfAny = false): string {
  const [wholeWithSign = '0', fraction = '00'] = poishaToDecimalString(poisha).split('.');
  const negative = wholeWithSign.startsWith('-');
  const whole = `${negative ? '-' : ''}${groupIndian(negative ? wholeWithSign.slice(1) : wholeWithSign)}`;
  return poishaOnlyIfAny && fraction === '00' ? whole : `${whole}.${fraction}`;
}

/** The figures with the currency in the reader's language: "1,25,000.00 BDT", "১,২৫,০০০.০০ টাকা". */
const withCurrencyIn = (figures: string, language: Language) => (language === 'bn' ? `${toBanglaDigits(figures)} টাকা` : `${figures} BDT`);

/** Formats as shown in Bangladesh: 12500000n → "1,25,000.00 BDT". */
export function formatBdt(poisha: bigint): string {
  return withCurrencyIn(groupedAmount(poisha), 'en');
}

/** For amounts that arrive from the API as BDT numbers (already exact to two decimals). */
export function bdtNumberToPoisha(bdt: number): bigint {
  const parsed = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(bdt.toFixed(2));
  if (!parsed) throw new RangeError(`not an amount: ${bdt}`);
  const poisha = BigInt(parsed[2] ?? '0') * poishaPerBdt + BigInt(parsed[3] ?? '0');
  return parsed[1] === '-' ? -poisha : poisha;
}

export function formatBdtNumber(bdt: number): string {
  return formatBdt(bdtNumberToPoisha(bdt));
}

/** The amount for a reader of `language`: "1,25,000.00 BDT", or "১,২৫,০০০.০০ টাকা" in Bangla. */
export function formatBdtIn(poisha: bigint, language: Language): string {
  return withCurrencyIn(groupedAmount(poisha), language);
}

/** A whole amount as a product text writes it: "50,000 BDT", "৫০,০০০ টাকা"; paisa only when there are some. */
export function formatWholeBdtIn(poisha: bigint, language: Language): string {
  return withCurrencyIn(groupedAmount(poisha, true), language);
}

export function formatBdtNumberIn(bdt: number, language: Language): string {
  return formatBdtIn(bdtNumberToPoisha(bdt), language);
}
