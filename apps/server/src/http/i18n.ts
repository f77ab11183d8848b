import { DEFAULT_LANGUAGE, LANGUAGES, type Language, normalizeLanguage } from '@meridian/contract/languages';
import i18next, { type TFunction } from 'i18next';
import ar from '../i18n/locales/ar.json' with { type: 'json' };
import de from '../i18n/locales/de.json' with { type: 'json' };
import en from '../i18n/locales/en.json' with { type: 'json' };
import fr from '../i18n/locales/fr.json' with { type: 'json' };
import hk from '../i18n/locales/hk.json' with { type: 'json' };
import id from '../i18n/locales/id.json' with { type: 'json' };
import it from '../i18n/locales/it.json' with { type: 'json' };
import jp from '../i18n/locales/jp.json' with { type: 'json' };
import kr from '../i18n/locales/kr.json' with { type: 'json' };
import pt from '../i18n/locales/pt.json' with { type: 'json' };
import ru from '../i18n/locales/ru.json' with { type: 'json' };
import spa from '../i18n/locales/spa.json' with { type: 'json' };
import th from '../i18n/locales/th.json' with { type: 'json' };
import tr from '../i18n/locales/tr.json' with { type: 'json' };
import vn from '../i18n/locales/vn.json' with { type: 'json' };

/** Server messages in all 15 languages; English is the reference every locale must match. */
export const SERVER_LOCALES: Record<Language, Record<string, unknown>> = {
  hk,
  en,
  jp,
  kr,
  th,
  vn,
  fr,
  de,
  ru,
  spa,
  pt,
  ar,
  it,
  tr,
  id,
};

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: SERVER_LOCALES[lang] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const translators = new Map<Language, TFunction>(LANGUAGES.map((lang) => [lang, instance.getFixedT(lang)]));

export type MessageParams = Record<string, string | number>;

/**
 * Messages without parameters, once translated: the resources never change after start, and every
 * answer carries one ("Success"), which i18next would otherwise resolve again each time.
 */
const plainMessages = new Map<string, string>();

/** Translates a message key into a language; the language may be any stored or sent value. */
export function translate(language: string | Language, key: string, params?: MessageParams): string {
  const lang = normalizeLanguage(language);
  if (params === undefined) {
    const cacheKey = `${lang}\u0000${key}`;
    const known = plainMessages.get(cacheKey);
    if (known !== undefined) return known;
    const message = translateWith(lang, key, {});
    plainMessages.set(cacheKey, message);
    return message;
  }
  return translateWith(lang, key, params);
}

function translateWith(lang: Language, key: string, params: MessageParams): string {
  const t = translators.get(lang) ?? instance.t;
  return t(key, params) as string;
}
