import type { Language } from '@meridian/contract/languages';
import type enUS from 'antd-mobile/es/locales/en-US';
import { type KitTexts, withKitTexts } from './antd-texts/kit-texts';

export type AntdLocale = typeof enUS;

/**
 * The UI kit's own texts (picker buttons, empty states, list ends) in each of our 15 languages:
 * antd-mobile's locale with ours laid over it (lib/antd-texts), each language loaded when first
 * needed (bootstrap loads the stored one before the first render): all fifteen in the entry cost
 * ~15 KB gzip (docs/decisions.md "Web critical path").
 */
const LOADERS: Record<Language, () => Promise<[{ default: AntdLocale }, { default: KitTexts }]>> = {
  hk: () => Promise.all([import('antd-mobile/es/locales/zh-HK'), import('./antd-texts/hk')]),
  en: () => Promise.all([import('antd-mobile/es/locales/en-US'), import('./antd-texts/en')]),
  jp: () => Promise.all([import('antd-mobile/es/locales/ja-JP'), import('./antd-texts/jp')]),
  kr: () => Promise.all([import('antd-mobile/es/locales/ko-KR'), import('./antd-texts/kr')]),
  th: () => Promise.all([import('antd-mobile/es/locales/th-TH'), import('./antd-texts/th')]),
  vn: () => Promise.all([import('antd-mobile/es/locales/vi-VN'), import('./antd-texts/vn')]),
  fr: () => Promise.all([import('antd-mobile/es/locales/fr-FR'), import('./antd-texts/fr')]),
  de: () => Promise.all([import('antd-mobile/es/locales/de-DE'), import('./antd-texts/de')]),
  ru: () => Promise.all([import('antd-mobile/es/locales/ru-RU'), import('./antd-texts/ru')]),
  spa: () => Promise.all([import('antd-mobile/es/locales/es-ES'), import('./antd-texts/spa')]),
  pt: () => Promise.all([import('antd-mobile/es/locales/pt-BR'), import('./antd-texts/pt')]),
  ar: () => Promise.all([import('antd-mobile/es/locales/ar-SA'), import('./antd-texts/ar')]),
  it: () => Promise.all([import('antd-mobile/es/locales/it-IT'), import('./antd-texts/it')]),
  tr: () => Promise.all([import('antd-mobile/es/locales/tr-TR'), import('./antd-texts/tr')]),
  id: () => Promise.all([import('antd-mobile/es/locales/id-ID'), import('./antd-texts/id')]),
};

const loaded = new Map<Language, AntdLocale>();

export async function loadAntdLocale(language: Language): Promise<AntdLocale> {
  const known = loaded.get(language);
  if (known) return known;
  const [kit, ours] = await LOADERS[language]();
  const locale = withKitTexts(kit.default, ours.default);
  loaded.set(language, locale);
  return locale;
}

/** The language's UI kit texts if already loaded. */
export function loadedAntdLocale(language: Language): AntdLocale | undefined {
  return loaded.get(language);
}
