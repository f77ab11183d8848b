import { LANGUAGE_TAGS, type Language, RTL_LANGUAGES } from '@meridian/contract/languages';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every language loads on demand, the stored one before the first render (index.html's static
 * shell is on screen meanwhile): keeping even hk and en in the entry cost ~20 KB gzip on every
 * first visit (docs/decisions.md "Web critical path"). Every locale has every key
 * (locales.test.ts), so the fallback never needs to be loaded up front.
 */
const LOADERS = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json');

async function ensureLoaded(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const loader = LOADERS[`../locales/${language}.json`];
  if (!loader) throw new Error(`No locale file for ${language}`);
  const loaded = await loader();
  i18next.addResourceBundle(language, 'translation', loaded.default, true, true);
}

export function isRightToLeft(language: Language): boolean {
  return RTL_LANGUAGES.includes(language);
}

/** `<html lang dir>`: screen readers, hyphenation, fonts and the right-to-left layout follow it. */
export function applyDocumentLanguage(
  language: Language,
  root: HTMLElement = document.documentElement,
): void {
  root.lang = LANGUAGE_TAGS[language];
  root.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
}

export async function initI18n(language: Language): Promise<void> {
  const resources: Resource = {};
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await applyLanguage(language);
}

let latestRequest = 0;

/** Loads the language if needed, then switches texts and `<html lang dir>` together. */
export async function applyLanguage(language: Language): Promise<void> {
  latestRequest += 1;
  const request = latestRequest;
  await ensureLoaded(language);
  // A later choice made while this one was loading wins.
  if (request !== latestRequest) return;
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

export { i18next };
