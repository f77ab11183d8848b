import { LANGUAGE_TAGS, LANGUAGES, normalizeLanguage } from '@meridian/contract/languages';
import { afterEach, describe, expect, it } from 'vitest';
// public/boot-language.js, run as index.html runs it: before the app, with the stored language.
import SCRIPT from '../../public/boot-language.js?raw';
import { applyDocumentLanguage } from '../lib/i18n';
import { STORAGE_KEYS } from '../lib/storage-keys';

function bootWith(stored: string | null): { lang: string; dir: string } {
  document.documentElement.lang = 'zh-Hant-HK';
  document.documentElement.dir = 'ltr';
  if (stored === null) localStorage.removeItem(STORAGE_KEYS.language);
  else localStorage.setItem(STORAGE_KEYS.language, stored);
  new Function(SCRIPT)();
  return { lang: document.documentElement.lang, dir: document.documentElement.dir };
}

afterEach(() => localStorage.clear());

describe('index.html sets lang and dir before the first paint', () => {
  it('as the app does, for every language and alias the store accepts', () => {
    for (const code of [...LANGUAGES, 'tw', 'zh', 'es', ' EN ']) {
      const expected = document.createElement('html');
      applyDocumentLanguage(normalizeLanguage(code), expected);
      const stored = JSON.stringify({ state: { language: code }, version: 1 });
      expect(bootWith(stored), code).toEqual({ lang: expected.lang, dir: expected.dir });
    }
    expect(bootWith(JSON.stringify({ state: { language: 'ar' } })).dir).toBe('rtl');
    expect(Object.keys(LANGUAGE_TAGS)).toHaveLength(LANGUAGES.length);
  });

  it('leaves the default when nothing or junk is stored', () => {
    expect(bootWith(null)).toEqual({ lang: 'zh-Hant-HK', dir: 'ltr' });
    expect(bootWith('not json')).toEqual({ lang: 'zh-Hant-HK', dir: 'ltr' });
    expect(bootWith(JSON.stringify({ state: { language: 'xx' } }))).toEqual({
      lang: 'zh-Hant-HK',
      dir: 'ltr',
    });
  });
});
