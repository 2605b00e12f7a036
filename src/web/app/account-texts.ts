import type { AreaTexts } from '../lib/i18n';

/** The signed-in person's own pages' texts (profile, passwords, two-step sign-in, the idle-timeout dialog). */
export const accountTexts: AreaTexts = {
  en: () => import('../locales/en-account').then((module) => module.enAccount),
  bn: () => import('../locales/bn-account').then((module) => module.bnAccount),
};
