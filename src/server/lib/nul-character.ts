export const nulCharacterMessage = 'must not contain a NUL character (\\u0000)';

/**
 * The path to the first string (value or key) holding U+0000 in a parsed request part, or
 * undefined. PostgreSQL refuses NUL in text and jsonb, so such input must stop at validation.
 */
export function pathOfNulCharacter(value: unknown, path: PropertyKey[] = []): PropertyKey[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNulCharacter(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key];
      const found = pathOfNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
