/**
 * The 15 interface languages of spec section 3, in the spec's own codes.
 * `hk` (Traditional Chinese) is the default; the legacy stored value `tw` reads as `hk`,
 * and the readings `zh` and `es` used by another part of the product map to `hk` and `spa`.
 */
export const LANGUAGES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'hk';

const ALIASES: Record<string, Language> = { tw: 'hk', zh: 'hk', es: 'spa' };

/** Reads any stored or sent language value; unknown or missing values give the default. */
export function normalizeLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const lower = value.trim().toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(lower)) return lower as Language;
  return ALIASES[lower] ?? DEFAULT_LANGUAGE;
}

/** BCP 47 tags for `<html lang>`, Intl formatting and screen readers. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  hk: 'zh-Hant-HK',
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  th: 'th',
  vn: 'vi',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  spa: 'es',
  pt: 'pt',
  ar: 'ar',
  it: 'it',
  tr: 'tr',
  id: 'id',
};

/** Each language's own name, as the language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  hk: '繁體中文',
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vn: 'Tiếng Việt',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  spa: 'Español',
  pt: 'Português',
  ar: 'العربية',
  it: 'Italiano',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
};

export const RTL_LANGUAGES: readonly Language[] = ['ar'];
