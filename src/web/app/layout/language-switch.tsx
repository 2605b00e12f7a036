import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { Language } from '../../../shared/language';
import { saveLanguageFor } from '../../features/auth/api/save-language';
import { useSession } from '../../lib/session';
import { chooseLanguage, currentLanguage, hasChosenLanguage } from '../../lib/i18n';

/** Each language named in itself, as readers look for it. */
const nativeNames: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/**
 * The top bar's language switch: one button naming the other language in its own script. The
 * choice is kept in this browser and, for the person signed in, on the server for their e-mails;
 * a browser where nobody chose yet takes the signed-in person's language from the server.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [switching, setSwitching] = useState(false);
  const language = currentLanguage();
  const other: Language = language === 'bn' ? 'en' : 'bn';

  useEffect(() => {
    if (!user) return;
    if (!hasChosenLanguage()) {
      // A browser where nobody chose yet starts in the language the person chose elsewhere, and
      // tells the server nothing: there is no choice here to keep.
      if (user.language !== currentLanguage()) void chooseLanguage(user.language);
      return;
    }
    // Not worth an error on screen: the website itself is already in the chosen language.
    saveLanguageFor(user.id, currentLanguage()).catch(() => undefined);
  }, [user, language]);

  const switchLanguage = async () => {
    setSwitching(true);
    try {
      await chooseLanguage(other);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-sm btn-outline btn-primary ml-auto min-w-[4.5rem]"
      lang={other}
      aria-label={`${nativeNames[other]}: ${t('language.choose')}`}
      title={t('language.choose')}
      aria-busy={switching}
      disabled={switching}
      onClick={() => void switchLanguage()}
      data-testid="language-switch"
    >
      {nativeNames[other]}
    </button>
  );
}
