// Before the first paint: <html lang dir> in the language the customer chose last time (the
// language store's localStorage entry), or on a first visit the one the browser's languages ask for
// (lib/browser-language.ts: each preference's exact tag, then its base language), so index.html's
// static shell is laid out in its direction.
// Inlined into the built index.html (first-paint.ts; the CSP allows it by its hash). LANGUAGE_TAGS must match
// @meridian/contract/languages (boot-language.test.ts checks it); the app applies the same at start.
(() => {
  const TAGS = {
    hk: 'zh-Hant-HK',
    tw: 'zh-Hant-HK',
    zh: 'zh-Hant-HK',
    en: 'en',
    jp: 'ja',
    kr: 'ko',
    th: 'th',
    vn: 'vi',
    fr: 'fr',
    de: 'de',
    ru: 'ru',
    spa: 'es',
    es: 'es',
    pt: 'pt',
    ar: 'ar',
    it: 'it',
    tr: 'tr',
    id: 'id',
  };
  const RIGHT_TO_LEFT = ['ar'];
  const BROWSER_TAGS = [
    'zh-Hant-HK',
    'en',
    'ja',
    'ko',
    'th',
    'vi',
    'fr',
    'de',
    'ru',
    'es',
    'pt',
    'ar',
    'it',
    'tr',
    'id',
  ];
  const fromBrowser = () => {
    const preferences = navigator.languages?.length ? navigator.languages : [navigator.language || ''];
    for (const preference of preferences) {
      const wanted = String(preference).trim().toLowerCase();
      if (!wanted) continue;
      const exact = BROWSER_TAGS.find((tag) => tag.toLowerCase() === wanted);
      if (exact) return exact;
      const base = wanted.split(/[-_]/)[0];
      const byBase = BROWSER_TAGS.find((tag) => tag.split('-')[0].toLowerCase() === base);
      if (byBase) return byBase;
    }
    return undefined;
  };
  try {
    const stored = JSON.parse(localStorage.getItem('meridian.language') || 'null');
    const chosen = stored?.state?.language;
    const tag = typeof chosen !== 'string' ? fromBrowser() : TAGS[String(chosen).trim().toLowerCase()];
    if (!tag) return;
    document.documentElement.lang = tag;
    document.documentElement.dir = RIGHT_TO_LEFT.includes(tag) ? 'rtl' : 'ltr';
  } catch {
    // No storage (private mode) or junk stored: the default language stays.
  }
})();
