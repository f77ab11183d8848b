// Before the first paint: <html lang dir> in the language the customer chose last time (the
// language store's localStorage entry), so index.html's static shell is laid out in its direction.
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
  try {
    const stored = JSON.parse(localStorage.getItem('meridian.language') || 'null');
    const code = String(stored?.state?.language ?? '')
      .trim()
      .toLowerCase();
    const tag = TAGS[code];
    if (!tag) return;
    document.documentElement.lang = tag;
    document.documentElement.dir = RIGHT_TO_LEFT.includes(tag) ? 'rtl' : 'ltr';
  } catch {
    // No storage (private mode) or junk stored: the default language stays.
  }
})();
