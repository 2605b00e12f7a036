import type { Language } from '../../../../shared/language';
import type { LanguageChoice } from '../../../../shared/schemas/preferences';
import { apiPut } from '../../../lib/api-client';

const savedForKey = 'padma-bank.language-saved-for';

/**
 * Tells the server the language of the person signed in, so that their e-mails follow it. Sent
 * once per person and language: this browser remembers what it last told the server.
 */
export async function saveLanguageFor(userId: string, language: Language): Promise<void> {
  const marker = `${userId}:${language}`;
  try {
    if (localStorage.getItem(savedForKey) === marker) return;
  } catch {
    // Storage refused: tell the server again, which is harmless.
  }
  const body: LanguageChoice = { language };
  await apiPut('/api/me/language', body);
  try {
    localStorage.setItem(savedForKey, marker);
  } catch {
    // As above: the next page load tells the server once more.
  }
}
