import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { enBanking } from '../locales/en-banking';
import { enDashboard } from '../locales/en-dashboard';
import { enPublic } from '../locales/en-public';

/** Every interface text comes from one catalogue per language; Bangla can be added beside English. */
void i18next.use(initReactI18next).init({
  resources: { en: { translation: { ...en, ...enPublic, ...enBanking, ...enDashboard } } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };
