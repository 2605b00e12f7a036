import type { TFunction } from './use-translation';

/**
 * A list from the catalogue (FAQ questions, page sections): the translator answers it only when asked
 * with `returnObjects`, typed here by the caller from the English catalogue.
 */
export function translatedList<T>(t: TFunction, key: string): readonly T[] {
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}
