import type { AreaTexts } from '../../lib/i18n';

/** The notifications' texts in each language: the list page's, and the bell's label. */
export const notificationTexts: AreaTexts = {
  en: () => import('../../locales/en-notifications').then((module) => module.enNotifications),
  bn: () => import('../../locales/bn-notifications').then((module) => module.bnNotifications),
};
