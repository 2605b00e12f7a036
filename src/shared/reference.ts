import { toAsciiDigits } from './digits';

/**
 * The short reference of a movement of money: what a customer reads off a receipt, a statement or
 * a text message and quotes to the bank, on the phone or at a counter.
 *
 * Twelve characters of Crockford's base 32 (digits and capital letters without I, L, O and U, so
 * nothing reads as another character or spells a word): eleven random characters (55 bits, so a
 * reference says nothing about how many movements the bank makes) and one check character. It is
 * stored as those twelve characters and always shown in three groups of four, `7K2M-9QRB-4TXW`.
 *
 * The check character makes the whole reference, read as the digits d₁…d₁₂ of base 32, satisfy
 * Σ dᵢ·2^(12−i) = 0 in the field GF(32) (addition is XOR, multiplication modulo x⁵+x²+1). A change
 * to any one character, and an exchange of two neighbouring characters or of two characters one
 * apart, always breaks the sum, so such a slip is refused before anything is looked up.
 *
 * Example: the body `7K2M9QRB4TX` has the check character `W`, so the reference is stored as
 * `7K2M9QRB4TXW` and shown as `7K2M-9QRB-4TXW`; `7K2M-9QRB-4TXV` (one slip) is no reference.
 */
export const referenceAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const referenceBodyLength = 11;
export const referenceLength = referenceBodyLength + 1;

/** Stored references: exactly the canonical twelve characters. */
export const canonicalReferencePattern = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** x⁵ + x² + 1, the irreducible polynomial that makes 32 values a field. */
const fieldPolynomial = 0b100101;

/** A value of GF(32) times x (that is, times 2), reduced by the field's polynomial. */
function timesTwo(value: number): number {
  const shifted = value << 1;
  return shifted & 0b100000 ? shifted ^ fieldPolynomial : shifted;
}

/** Σ vᵢ·2^(n−i) over the values given, in GF(32), by Horner's rule. */
function weightedSum(values: readonly number[]): number {
  return values.reduce((sum, value) => timesTwo(sum) ^ value, 0);
}

function valuesOf(characters: string): number[] {
  return [...characters].map((character) => referenceAlphabet.indexOf(character));
}

/** The check character of an eleven-character body written in `referenceAlphabet`. */
export function referenceCheckCharacter(body: string): string {
  if (body.length !== referenceBodyLength || !canonicalReferencePattern.test(`${body}0`)) throw new Error('a reference body is eleven characters of the reference alphabet');
  // The check c must make 2·s ⊕ c = 0, where s is the body's sum: so c = 2·s.
  const check = referenceAlphabet[timesTwo(weightedSum(valuesOf(body)))];
  if (check === undefined) throw new Error('a check value is one of 32');
  return check;
}

/** True for twelve canonical characters whose check character holds. */
export function isReference(candidate: string): boolean {
  return canonicalReferencePattern.test(candidate) && weightedSum(valuesOf(candidate)) === 0;
}

/**
 * A new random reference. Each character takes five bits of one random byte: 256 is a multiple of
 * 32, so every character is equally likely. Uniqueness is the database's to enforce.
 */
export function newReference(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(referenceBodyLength));
  const body = [...bytes].map((byte) => referenceAlphabet[byte & 0b11111] ?? '0').join('');
  return `${body}${referenceCheckCharacter(body)}`;
}

/** "7K2M9QRB4TXW" → "7K2M-9QRB-4TXW": the one way a reference is shown, on screen and on paper. */
export function formatReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * What a person typed, as a stored reference, or undefined when it is none. Read as Crockford
 * reads base 32: case does not matter, spaces, dashes and dots between groups are ignored, O is
 * zero and I and L are one; Bangla digits count as digits. A reference whose check character does
 * not hold is none: a mistyped reference finds nothing rather than another customer's movement.
 */
export function parseReference(typed: string): string | undefined {
  const compact = toAsciiDigits(typed.normalize('NFKC'))
    .toUpperCase()
    .replace(/[\s\-‐-―.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return isReference(compact) ? compact : undefined;
}
