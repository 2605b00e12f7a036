export const nulCharacterMessage = 'must not contain a NUL character (\\u0000)';

/** No request of the bank nests deeper than a few levels; deeper input is refused before anything walks it. */
export const requestNestingDepthMax = 32;
export const nestingMessage = `must not nest deeper than ${requestNestingDepthMax} levels`;

export type UnstorableInput = { path: PropertyKey[]; message: string };

/**
 * The first place in a parsed request part that PostgreSQL could not store or the server should
 * not walk: a string (value or key) holding U+0000, which PostgreSQL refuses in text and jsonb,
 * or nesting deeper than `requestNestingDepthMax`. Iterative, so that a 5,000-deep array costs a
 * loop, not the stack.
 */
export function findUnstorableInput(value: unknown): UnstorableInput | undefined {
  const pending: Array<{ value: unknown; path: PropertyKey[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop() as { value: unknown; path: PropertyKey[] };
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { path, message: nulCharacterMessage };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    // Named by its top-level field: a path thirty levels long would tell the client nothing more.
    if (path.length >= requestNestingDepthMax) return { path: path.slice(0, 1), message: nestingMessage };
    const entries: Array<[PropertyKey, unknown]> = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
    // Pushed last to first, so that the stack visits them in order.
    for (const [key, item] of entries.reverse()) {
      if (typeof key === 'string' && key.includes('\u0000')) return { path: [...path, key], message: nulCharacterMessage };
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}
