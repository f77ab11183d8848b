import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import hk from '../locales/hk.json';

/** The back office's languages: English and Traditional Chinese (`hk`, as in the customer app). */
export const ADMIN_LANGUAGES = ['en', 'hk'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
const KEY = 'meridian.admin.lang';

function initialLanguage(): AdminLanguage {
  const saved = localStorage.getItem(KEY);
  if (saved === 'en' || saved === 'hk') return saved;
  return navigator.language.toLowerCase().startsWith('zh') ? 'hk' : 'en';
}

export async function setUpI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, hk: { translation: hk } },
    lng: initialLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
}

export function currentLanguage(): AdminLanguage {
  return i18next.language === 'hk' ? 'hk' : 'en';
}

export async function changeLanguage(language: AdminLanguage): Promise<void> {
  localStorage.setItem(KEY, language);
  await i18next.changeLanguage(language);
}
