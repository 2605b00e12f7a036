import { useMemo, useSyncExternalStore } from 'react';
import type { Language } from '../../shared/language';
import { currentLanguage, onLanguageChange, textsIn } from './i18n';
import type { TFunction } from './translator';

export type { TFunction };

/** The page's texts in the reader's language; the component renders again when they switch. */
export function useTranslation(): { t: TFunction; i18n: { language: Language } } {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
  return useMemo(() => ({ t: textsIn(language), i18n: { language } }), [language]);
}
