import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';

/**
 * Every interface text comes from one catalogue per language; Bangla can be added beside English.
 * The first screen carries only the texts every page needs (`en`); each area's texts (public
 * pages, banking, dashboard) arrive with that area's code, through `addTexts`.
 */
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export type TextCatalogue = Record<string, unknown>;

const added = new WeakSet<TextCatalogue>();

/** Merges an area's texts into the catalogue, once; a page must not render before its texts are in. */
export function addTexts(catalogue: TextCatalogue): void {
  if (added.has(catalogue)) return;
  i18next.addResourceBundle('en', 'translation', catalogue, true, true);
  added.add(catalogue);
}

export { i18next };
