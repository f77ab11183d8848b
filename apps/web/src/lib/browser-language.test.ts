import { describe, expect, it } from 'vitest';
import { languageFromBrowser } from './browser-language';

describe("a first visit's language follows the browser's languages", () => {
  it('takes the first preference that matches, its exact tag before its base language', () => {
    expect(languageFromBrowser(['de-DE', 'de'])).toBe('de');
    expect(languageFromBrowser(['xx', 'fr-CA', 'en'])).toBe('fr');
    expect(languageFromBrowser(['en-GB', 'ar'])).toBe('en');
    expect(languageFromBrowser(['ar-EG'])).toBe('ar');
    expect(languageFromBrowser(['pt-BR'])).toBe('pt');
    expect(languageFromBrowser(['es-MX'])).toBe('spa');
    expect(languageFromBrowser(['ja-JP'])).toBe('jp');
    expect(languageFromBrowser(['ko'])).toBe('kr');
    expect(languageFromBrowser(['vi-VN'])).toBe('vn');
    expect(languageFromBrowser(['ID'])).toBe('id');
  });

  it('reads any Chinese as the traditional Chinese the app has', () => {
    expect(languageFromBrowser(['zh-TW'])).toBe('hk');
    expect(languageFromBrowser(['zh-Hant-HK'])).toBe('hk');
    expect(languageFromBrowser(['zh-CN', 'en'])).toBe('hk');
  });

  it('answers null when none of the 15 matches', () => {
    expect(languageFromBrowser(['xx'])).toBeNull();
    expect(languageFromBrowser(['nl-NL', 'sv'])).toBeNull();
    expect(languageFromBrowser([])).toBeNull();
    expect(languageFromBrowser(['', '  '])).toBeNull();
  });
});
