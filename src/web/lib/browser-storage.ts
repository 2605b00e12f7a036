/**
 * The browser's local or session storage, or none: the prerender runs in Node, where neither
 * exists, whatever the DOM's types declare. Reading and writing may still throw (storage turned
 * off, full), so callers keep their own `try`.
 */
export const browserStorage = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined => (globalThis as Partial<Record<typeof kind, Storage>>)[kind];
