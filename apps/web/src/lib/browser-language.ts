import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@meridian/contract/languages';

/**
 * The interface language a browser's preferred languages ask for (navigator.languages, most
 * preferred first), or null when none of the 15 matches. Each preference in turn: its exact tag
 * (any case), then its base language (pt-BR is pt, de-DE de, es-MX spa; zh-TW, zh-CN or zh-Hant
 * the app's Traditional Chinese, the only Chinese it has). public/boot-language.js repeats this rule
 * before the first paint (boot-language.test.ts keeps the two the same).
 */
export function languageFromBrowser(preferences: readonly string[]): Language | null {
  for (const preference of preferences) {
    const tag = preference.trim().toLowerCase();
    if (!tag) continue;
    const exact = LANGUAGES.find((language) => LANGUAGE_TAGS[language].toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split(/[-_]/)[0] ?? tag;
    const byBase = LANGUAGES.find(
      (language) => (LANGUAGE_TAGS[language].split('-')[0] ?? '').toLowerCase() === base,
    );
    if (byBase) return byBase;
  }
  return null;
}

/** The browser's preferred languages, most preferred first (none outside a browser). */
export function browserLanguages(): readonly string[] {
  const navigator = globalThis.navigator;
  if (!navigator) return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
