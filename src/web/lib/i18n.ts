import { toBanglaDigits } from '../../shared/digits';
import { defaultLanguage, isLanguage, type Language } from '../../shared/language';
import { en } from '../locales/en';
import { type TextCatalogue, type TextOptions, type TFunction, Translator } from './translator';
import { browserStorage } from './browser-storage';

/**
 * Every interface text comes from one catalogue per language: English and Bangla. The first
 * screen carries only the English texts every page needs (`en`); each area's texts (public pages,
 * banking, dashboard) arrive with that area's code (`loadAreaTexts`). Bangla is never in the
 * first screen's code: its catalogues load, as chunks of their own, only for a reader who chose it.
 */
export type { TextCatalogue };

/** An area's texts in each language, loaded on demand. */
export type AreaTexts = { readonly [language in Language]: () => Promise<TextCatalogue> };

const languageStorageKey = 'padma-bank.language';

/** True once the reader has chosen a language in this browser (the switch, or adopted from their profile). */
export function hasChosenLanguage(): boolean {
  try {
    return isLanguage(browserStorage('localStorage')?.getItem(languageStorageKey));
  } catch {
    return false;
  }
}

/** The reader's choice, kept in this browser; English until they choose. */
function storedLanguage(): Language {
  try {
    const stored = browserStorage('localStorage')?.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    // Storage refused (a private window with storage blocked): the choice lasts for this page only.
    return defaultLanguage;
  }
}

/** Translates the English messages of the schemas and the server (see `messageInLanguage`), by language. */
const messageTranslators: Partial<Record<Language, (english: string) => string | undefined>> = {};

const shellTexts: AreaTexts = {
  en: () => Promise.resolve(en),
  bn: () =>
    Promise.all([import('../locales/bn'), import('../locales/bn-messages')]).then(([texts, messages]) => {
      messageTranslators.bn = messages.bnMessage;
      return texts.bn;
    }),
};

const translator = new Translator();
translator.add('en', en);

let shownLanguage: Language = 'en';
const languageListeners = new Set<() => void>();

/** Calls `listener` whenever the page's language changes; returns the way to stop. */
export function onLanguageChange(listener: () => void): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

const translateFunctions = new Map<Language, TFunction>();

/**
 * `t` for one language: the same function for as long as the language holds, so that what a
 * component derives from it is computed again only when the reader switches language.
 */
export function textsIn(language: Language): TFunction {
  let t = translateFunctions.get(language);
  if (!t) {
    t = (key: string, options?: TextOptions) => translator.translate(language, key, options) as string;
    translateFunctions.set(language, t);
  }
  return t;
}

const added = new Map<Language, WeakSet<TextCatalogue>>();

/** Merges texts into a language's catalogue, once; a page must not render before its texts are in. */
export function addTexts(catalogue: TextCatalogue, language: Language = 'en'): void {
  const seen = added.get(language) ?? new WeakSet<TextCatalogue>();
  added.set(language, seen);
  if (seen.has(catalogue)) return;
  translator.add(language, catalogue);
  seen.add(catalogue);
}

/** Every area whose texts are in use, so that switching language loads the new language's copy of each. */
const areasInUse = new Set<AreaTexts>([shellTexts]);

async function addAreaIn(area: AreaTexts, language: Language): Promise<void> {
  const loads = [area.en()];
  if (language !== 'en') loads.push(area[language]());
  const [english, chosen] = await Promise.all(loads);
  if (english) addTexts(english, 'en');
  if (chosen) addTexts(chosen, language);
}

function showLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (language === shownLanguage) return;
  shownLanguage = language;
  for (const listener of languageListeners) listener();
}

/**
 * The chosen language's shell texts, in before the first page renders. English is already in;
 * a reader who chose Bangla waits for its shell chunk beside the page's own code.
 */
let languageReady: Promise<unknown> | null = null;
export function chosenLanguageReady(): Promise<unknown> {
  languageReady ??= (async () => {
    const language = storedLanguage();
    if (language === 'en') return;
    await addAreaIn(shellTexts, language);
    showLanguage(language);
  })();
  return languageReady;
}

/** Loads an area's texts in English (the fallback for any key) and in the chosen language. */
export async function loadAreaTexts(area: AreaTexts): Promise<void> {
  areasInUse.add(area);
  await addAreaIn(area, currentLanguage());
}

export function currentLanguage(): Language {
  return shownLanguage;
}

/** Digits a person reads (a national ID, a phone number, a count), in Bangla digits for a Bangla reader. */
export const formatDigits = (text: string) => (shownLanguage === 'bn' ? toBanglaDigits(text) : text);

/** Switches every text on the page, and remembers the choice in this browser. */
export async function chooseLanguage(language: Language): Promise<void> {
  await Promise.all([...areasInUse].map((area) => addAreaIn(area, language)));
  try {
    browserStorage('localStorage')?.setItem(languageStorageKey, language);
  } catch {
    // Storage refused: the choice holds until the page is closed.
  }
  showLanguage(language);
}

/**
 * A message the shared schemas or the server wrote in English ("NID is required"), in the
 * reader's language; undefined when that language has no words for it.
 */
export function translatedMessage(message: string): string | undefined {
  const language = currentLanguage();
  if (language === 'en') return message;
  return messageTranslators[language]?.(message);
}

/** As `translatedMessage`, falling back to the English rather than showing nothing. */
export function messageInLanguage(message: string): string;
export function messageInLanguage(message: string | undefined): string | undefined;
export function messageInLanguage(message: string | undefined): string | undefined {
  return message === undefined ? undefined : (translatedMessage(message) ?? message);
}
