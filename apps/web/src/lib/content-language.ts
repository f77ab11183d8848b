import { LANGUAGE_TAGS, normalizeLanguage, RTL_LANGUAGES } from '@meridian/contract/languages';

/**
 * `lang` and `dir` of a server text in the language it is written in. News falls back to a story's
 * default language (announcements to English) when it has no version in the reader's language; an English story on an
 * Arabic screen must still read left to right, and be read aloud in English.
 */
export function contentLanguageProps(language: string): { lang: string; dir: 'ltr' | 'rtl' } {
  const code = normalizeLanguage(language);
  return { lang: LANGUAGE_TAGS[code], dir: RTL_LANGUAGES.includes(code) ? 'rtl' : 'ltr' };
}
