/** The languages of the interface and of the e-mails: English and Bangla (বাংলা). */
export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
