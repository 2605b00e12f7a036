import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalReferencePattern, formatReference, isReference, newReference, parseReference, referenceAlphabet, referenceCheckCharacter, referenceLength } from './reference';

const bodyOf = fc.array(fc.constantFrom(...referenceAlphabet), { minLength: 11, maxLength: 11 }).map((characters) => characters.join(''));
const referenceOf = bodyOf.map((body) => `${body}${referenceCheckCharacter(body)}`);

describe('short references', () => {
  it('is twelve characters of Crockford base 32 with a check character that holds', () => {
    expect(referenceAlphabet).toHaveLength(32);
    expect(referenceAlphabet).not.toMatch(/[ILOU]/);
    expect(referenceCheckCharacter('7K2M9QRB4TX')).toBe('W');
    expect(isReference('7K2M9QRB4TXW')).toBe(true);
    expect(isReference('7K2M9QRB4TXV')).toBe(false);
    for (let index = 0; index < 200; index += 1) {
      const reference = newReference();
      expect(reference).toHaveLength(referenceLength);
      expect(reference).toMatch(canonicalReferencePattern);
      expect(isReference(reference)).toBe(true);
    }
  });

  it('draws every character from the random bytes, so two references are not in sequence', () => {
    expect(newReference(() => new Uint8Array(11))).toBe(`00000000000${referenceCheckCharacter('00000000000')}`);
    expect(newReference(() => new Uint8Array(11).fill(255))).toBe(`ZZZZZZZZZZZ${referenceCheckCharacter('ZZZZZZZZZZZ')}`);
    const seen = new Set(Array.from({ length: 1000 }, () => newReference()));
    expect(seen.size).toBe(1000);
  });

  it('is shown in three groups of four', () => {
    expect(formatReference('7K2M9QRB4TXW')).toBe('7K2M-9QRB-4TXW');
  });

  it('reads what a person types: any case, spaces and dashes, O as zero, I and L as one, Bangla digits', () => {
    expect(parseReference('7K2M-9QRB-4TXW')).toBe('7K2M9QRB4TXW');
    expect(parseReference(' 7k2m 9qrb 4txw ')).toBe('7K2M9QRB4TXW');
    expect(parseReference('7k2m–9qrb–4txw')).toBe('7K2M9QRB4TXW');
    expect(parseReference('৭K২M9QRB৪TXW')).toBe('7K2M9QRB4TXW');
    const withZeroAndOne = `0${'1'.repeat(10)}`;
    const reference = `${withZeroAndOne}${referenceCheckCharacter(withZeroAndOne)}`;
    expect(parseReference(reference.replace('0', 'O').replace(/1/g, (_, at: number) => (at % 2 ? 'I' : 'l')))).toBe(reference);
  });

  it('refuses what is not a reference: wrong length, letters outside the alphabet, a check that fails', () => {
    for (const typed of ['', '7K2M9QRB4TX', '7K2M9QRB4TXW0', '7K2M9QRB4TXV', 'UK2M9QRB4TXW', '7K2M*9QRB4TXW', 'karim hossain']) expect(parseReference(typed)).toBeUndefined();
  });

  it('catches any one character changed', () => {
    fc.assert(
      fc.property(referenceOf, fc.nat(11), fc.integer({ min: 1, max: 31 }), (reference, at, shift) => {
        const changed = referenceAlphabet[(referenceAlphabet.indexOf(reference[at] ?? '0') + shift) % 32] ?? '0';
        expect(isReference(`${reference.slice(0, at)}${changed}${reference.slice(at + 1)}`)).toBe(false);
      }),
    );
  });

  it('catches two neighbouring characters exchanged, and two one apart', () => {
    fc.assert(
      fc.property(referenceOf, fc.nat(10), fc.constantFrom(1, 2), (reference, at, distance) => {
        const other = at + distance;
        fc.pre(other < referenceLength && reference[at] !== reference[other]);
        const characters = [...reference];
        [characters[at], characters[other]] = [characters[other] ?? '', characters[at] ?? ''];
        expect(isReference(characters.join(''))).toBe(false);
      }),
    );
  });
});
