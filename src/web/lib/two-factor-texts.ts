import type { AreaTexts } from './i18n';

/** The texts of two-step verification: its pages load them as a route's texts, the code prompt when it opens. */
export const twoFactorTexts: AreaTexts = {
  en: () => import('../locales/en-two-factor').then((module) => module.enTwoFactor),
  bn: () => import('../locales/bn-two-factor').then((module) => module.bnTwoFactor),
};
