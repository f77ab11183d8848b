import type { Language } from '@meridian/contract/languages';
import type enUS from 'antd-mobile/es/locales/en-US';

export type AntdLocale = typeof enUS;

/**
 * The UI kit's own texts (picker buttons, empty states) in each of our 15 languages, each loaded
 * when first needed (bootstrap loads the stored one before the first render): all fifteen in the
 * entry cost ~15 KB gzip (docs/decisions.md "Web critical path").
 */
const LOADERS: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  en: () => import('antd-mobile/es/locales/en-US'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
  id: () => import('antd-mobile/es/locales/id-ID'),
};

const loaded = new Map<Language, AntdLocale>();

export async function loadAntdLocale(language: Language): Promise<AntdLocale> {
  const known = loaded.get(language);
  if (known) return known;
  const locale = (await LOADERS[language]()).default;
  loaded.set(language, locale);
  return locale;
}

/** The language's UI kit texts if already loaded. */
export function loadedAntdLocale(language: Language): AntdLocale | undefined {
  return loaded.get(language);
}
