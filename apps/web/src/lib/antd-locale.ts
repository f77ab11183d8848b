import type { Language } from '@meridian/contract/languages';
import arSA from 'antd-mobile/es/locales/ar-SA';
import deDE from 'antd-mobile/es/locales/de-DE';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import idID from 'antd-mobile/es/locales/id-ID';
import itIT from 'antd-mobile/es/locales/it-IT';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import ptBR from 'antd-mobile/es/locales/pt-BR';
import ruRU from 'antd-mobile/es/locales/ru-RU';
import thTH from 'antd-mobile/es/locales/th-TH';
import trTR from 'antd-mobile/es/locales/tr-TR';
import viVN from 'antd-mobile/es/locales/vi-VN';
import zhHK from 'antd-mobile/es/locales/zh-HK';

export type AntdLocale = typeof enUS;

/** The UI kit's own texts (picker buttons, empty states) in each of our 15 languages. */
export const ANTD_LOCALES: Record<Language, AntdLocale> = {
  hk: zhHK,
  en: enUS,
  jp: jaJP,
  kr: koKR,
  th: thTH,
  vn: viVN,
  fr: frFR,
  de: deDE,
  ru: ruRU,
  spa: esES,
  pt: ptBR,
  ar: arSA,
  it: itIT,
  tr: trTR,
  id: idID,
};
