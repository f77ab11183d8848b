// Before the first paint, on home: the restricted-countries notice of index.html's static shell, in
// the language boot-language.js has put on <html lang>, unless the customer closed it this session
// (the app's RestrictedCountriesBanner reads the same sessionStorage entry). It is the page's largest
// text, so the first paint is also its largest (LCP) and does not wait for the app's scripts.
// Inlined into the built index.html right after the notice (first-paint.ts, which also fills TEXTS
// from the locale files; the CSP allows the script by its hash). In development TEXTS stays empty
// and the shell shows no notice.
(() => {
  const TEXTS = {} /* restricted-countries texts by language tag */;
  const banner = document.getElementById('boot-restricted-banner');
  const text = TEXTS[document.documentElement.lang];
  if (!banner || !text || location.pathname !== '/') return;
  try {
    if (sessionStorage.getItem('meridian.restricted-banner-dismissed') === '1') return;
  } catch {
    // No storage (private mode): shown, as the app shows it.
  }
  banner.querySelector('.restricted-banner-text').textContent = text;
  banner.hidden = false;
})();
