import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, normalizeLanguage } from '@meridian/contract/languages';
import { afterEach, describe, expect, it, vi } from 'vitest';
// public/boot-language.js, run as index.html runs it: before the app, with the stored language.
import SCRIPT from '../../public/boot-language.js?raw';
import { languageFromBrowser } from '../lib/browser-language';
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

function browserPrefers(languages: readonly string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

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

  it('leaves the default when junk is stored, or nothing and no browser language matches', () => {
    browserPrefers(['xx']);
    expect(bootWith(null)).toEqual({ lang: 'zh-Hant-HK', dir: 'ltr' });
    expect(bootWith('not json')).toEqual({ lang: 'zh-Hant-HK', dir: 'ltr' });
    expect(bootWith(JSON.stringify({ state: { language: 'xx' } }))).toEqual({
      lang: 'zh-Hant-HK',
      dir: 'ltr',
    });
  });

  it("on a first visit, uses the language the app will (the browser's), in its direction", () => {
    const samples = [['de-DE', 'de'], ['ar-EG'], ['pt-BR', 'en'], ['zh-TW'], ['xx', 'es-MX'], ['ko'], ['xx']];
    for (const preferences of samples) {
      browserPrefers(preferences);
      const expected = document.createElement('html');
      applyDocumentLanguage(languageFromBrowser(preferences) ?? DEFAULT_LANGUAGE, expected);
      expect(bootWith(null), preferences.join()).toEqual({ lang: expected.lang, dir: expected.dir });
    }
    browserPrefers(['ar']);
    expect(bootWith(null)).toEqual({ lang: 'ar', dir: 'rtl' });
    // A stored choice wins over the browser's languages.
    expect(bootWith(JSON.stringify({ state: { language: 'en' } }))).toEqual({ lang: 'en', dir: 'ltr' });
  });
});
