import { toBanglaDigits } from '../../shared/digits';
import type { Language } from '../../shared/language';

/**
 * The app's texts, looked up by key in the reader's language. Everything the app asks of a text
 * library fits here: nested keys ("auth.login.title"), English as the fallback for a key a
 * language lacks, `{{name}}` and `{{count, digits}}` in a text, `_one`/`_other` plural forms
 * chosen by `count`, a default for a key that may be missing, and lists (`returnObjects`). A
 * general library did the same for about 16 KB of gzip on every page, a tenth of the budget a
 * public page has (docs/decisions/051-texts-without-a-library.md).
 */
export type TextCatalogue = Record<string, unknown>;

export type TextOptions = {
  /** A number chooses the plural form (`key_one`, `key_other`); either may be written in the text. */
  count?: number | string;
  /** Returned (with the values written in) when no language has the key. */
  defaultValue?: string;
  /** Returns the list or group of texts under the key instead of one text. */
  returnObjects?: boolean;
  [value: string]: unknown;
};

export type TFunction = {
  (key: string, options?: TextOptions): string;
};

const fallbackLanguage: Language = 'en';

/** Writes a value in a text's own digits: "০ / ২০০০ অক্ষর" in Bangla. */
const formats: Record<string, (value: unknown, language: Language) => string> = {
  digits: (value, language) => (language === 'bn' ? toBanglaDigits(String(value)) : String(value)),
};

const placeholder = /\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

function isGroup(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `addition` into `target`: an area's texts add to, and may replace, what is there. */
function merge(target: Record<string, unknown>, addition: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(addition)) {
    const existing = target[name];
    if (isGroup(existing) && isGroup(value)) merge(existing, value);
    else target[name] = isGroup(value) ? structuredCopy(value) : value;
  }
}

function structuredCopy(group: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  merge(copy, group);
  return copy;
}

/** One language's merged catalogue and the plural rules of that language. */
export class Translator {
  private readonly catalogues = new Map<Language, Record<string, unknown>>();
  private readonly pluralRules = new Map<Language, Intl.PluralRules>();

  add(language: Language, catalogue: TextCatalogue): void {
    const existing = this.catalogues.get(language);
    if (existing) merge(existing, catalogue);
    else this.catalogues.set(language, structuredCopy(catalogue));
  }

  /** The text for `key` in `language`, English where that language has none. */
  translate(language: Language, key: string, options: TextOptions = {}): unknown {
    const languages = language === fallbackLanguage ? [language] : [language, fallbackLanguage];
    for (const candidate of languages) {
      const found = this.find(candidate, key, options);
      if (found === undefined) continue;
      if (typeof found === 'string') return this.fill(found, options, language);
      if (options.returnObjects) return found;
    }
    return options.defaultValue === undefined ? key : this.fill(options.defaultValue, options, language);
  }

  private find(language: Language, key: string, options: TextOptions): unknown {
    const catalogue = this.catalogues.get(language);
    if (!catalogue) return undefined;
    if (typeof options.count === 'number') {
      const form = this.pluralRulesOf(language).select(options.count);
      const plural = lookUp(catalogue, `${key}_${form}`) ?? lookUp(catalogue, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookUp(catalogue, key);
  }

  private pluralRulesOf(language: Language): Intl.PluralRules {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules;
  }

  /** Writes the options' values into a text; a placeholder with no value stays as written. */
  private fill(text: string, options: TextOptions, language: Language): string {
    if (!text.includes('{{')) return text;
    return text.replace(placeholder, (whole, name: string, format: string | undefined) => {
      const value = name.split('.').reduce<unknown>((group, part) => (isGroup(group) ? group[part] : undefined), options);
      if (value === undefined || value === null) return whole;
      const write = format ? formats[format] : undefined;
      return write ? write(value, language) : String(value);
    });
  }
}

function lookUp(catalogue: Record<string, unknown>, key: string): unknown {
  let value: unknown = catalogue;
  for (const part of key.split('.')) {
    if (!isGroup(value)) return undefined;
    value = value[part];
  }
  return value;
}
