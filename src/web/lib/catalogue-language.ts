import { useTranslation } from './use-translation';
import type { Language } from '../../shared/language';

/**
 * The language the catalogue is asked in (`?lang=`): the reader's. It is part of every
 * catalogue query's key, so choosing Bangla fetches the Bangla names and descriptions, and the
 * English ones stay cached for a switch back.
 */
export function useCatalogueLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'bn' ? 'bn' : 'en';
}
