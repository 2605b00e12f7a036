import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { passwordLengthMax } from '../../../shared/constants';

/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
export const passwordScoreMin = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator and its dictionaries (49,000 common passwords, English words, names, keyboard
 * patterns) take a few megabytes and most of a second to load, so they load on the first
 * password to judge, not at start-up. The web app does not ship them: a cheap phone would
 * download megabytes for one form, so the server's answer names the weakness instead.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, english] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    return new Factory({
      translations: english.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...english.dictionary },
      maxLength: passwordLengthMax,
    });
  })();
  return estimator;
}

/**
 * OWASP ASVS 2.1: length rules live in the shared schema; this refuses passwords an attacker
 * guesses early: common ones, words, dates, keyboard walks, repeats, and the person's own name
 * or e-mail address. Returns the reason a person can act on, or undefined when the password is fine.
 */
export async function findPasswordWeakness(password: string, person: { email: string; name?: string }): Promise<string | undefined> {
  const localPart = person.email.toLowerCase().split('@')[0] ?? '';
  if (localPart.length >= 4 && password.toLowerCase().includes(localPart)) return 'The password must not contain your email address';
  const personalWords = [person.email, localPart, ...(person.name ? [person.name, person.name.replace(/\s+/g, ''), ...person.name.split(/\s+/)] : [])].filter((word) => word.length >= 3);
  const estimate = (await loadEstimator()).check(password, personalWords);
  if (estimate.score >= passwordScoreMin) return undefined;
  const why = estimate.feedback.warning ?? 'It would be guessed quickly.';
  const suggestion = estimate.feedback.suggestions[0] ?? 'Use a longer phrase of several uncommon words.';
  return `This password is too easy to guess. ${why} ${suggestion}`;
}
