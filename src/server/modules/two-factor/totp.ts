import { createHmac, timingSafeEqual } from 'node:crypto';

/** RFC 6238 as every authenticator app does it by default: SHA-1, 6 digits, 30-second steps. */
export const totpPeriodSeconds = 30;
export const totpDigits = 6;
/**
 * A code of the step before or after the current one is accepted too: a phone's clock a few
 * seconds off, or a code typed as it changed, still works. Wider would give a guesser more codes.
 */
export const totpWindowSteps = 1;

/** The 30-second time step a moment falls in (seconds since 1970 divided by 30). */
export function timeStepAt(epochMs: number): number {
  return Math.floor(epochMs / 1000 / totpPeriodSeconds);
}

/** The HOTP code (RFC 4226) for one counter: HMAC-SHA-1, dynamic truncation, 6 digits. */
export function hotpCode(key: Uint8Array, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** totpDigits).padStart(totpDigits, '0');
}

/**
 * The time step whose code `code` is, among the steps the window accepts around `epochMs`, or
 * null. Every candidate is computed and compared in constant time, so the answer's timing does
 * not tell which step (or how many digits) matched.
 */
export function matchingTimeStep(key: Uint8Array, code: string, epochMs: number): number | null {
  const now = timeStepAt(epochMs);
  const given = Buffer.from(code.padEnd(totpDigits, ' ').slice(0, totpDigits));
  let matched: number | null = null;
  for (let step = now - totpWindowSteps; step <= now + totpWindowSteps; step += 1) {
    const equal = timingSafeEqual(given, Buffer.from(hotpCode(key, step)));
    if (equal && code.length === totpDigits && matched === null) matched = step;
  }
  return matched;
}

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, as authenticator apps show a secret: letters and 2–7, no padding. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += base32Alphabet[(value << (5 - bits)) & 31];
  return text;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const character of clean) {
    const index = base32Alphabet.indexOf(character);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}
