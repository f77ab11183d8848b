import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_TAGS, LANGUAGES } from '@meridian/contract/languages';
import type { IndexHtmlTransformHook } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { appLoader, firstPaint, restrictedNoticeTexts } from '../../first-paint';
import { STORAGE_KEYS } from '../lib/storage-keys';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs one of the plugin's two steps on a page, as Vite does at build. */
function step(index: 0 | 1, html: string): string {
  const transform = firstPaint(root)[index]?.transformIndexHtml as { handler: IndexHtmlTransformHook };
  return transform.handler.call({} as never, html, { path: '/index.html', filename: 'index.html' }) as string;
}

const BOOT_TAGS =
  '<head><script src="/boot-language.js"></script>\n<link rel="stylesheet" href="/src/boot/boot-shell.css" />\n' +
  '<link rel="stylesheet" href="/src/components/restricted-countries-banner.css" /></head>' +
  '<body><script src="/boot-notice.js"></script></body>';

/** The built page's notice script, run as the browser runs it, on a shell notice at `pathname`. */
function runNoticeScript(lang: string, pathname = '/'): HTMLElement {
  const scripts = [...step(0, BOOT_TAGS).matchAll(/<script>([\s\S]*?)<\/script>/g)].map((found) => found[1]);
  const script = scripts.find((body) => body?.includes('const TEXTS'));
  if (!script) throw new Error('no notice script in the built page');
  document.documentElement.lang = lang;
  document.body.innerHTML =
    '<div class="restricted-banner" id="boot-restricted-banner" hidden><p class="restricted-banner-text"></p></div>';
  window.history.replaceState(null, '', pathname);
  new Function(script)();
  return document.getElementById('boot-restricted-banner') as HTMLElement;
}

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('first paint (index.html at build)', () => {
  it('inlines the boot scripts and the shell stylesheets, so the shell paints without a request', () => {
    const html = step(0, BOOT_TAGS);
    expect(html).not.toMatch(/src="\/boot-(language|notice)\.js"/);
    expect(html).not.toContain('.css"');
    expect(html).toMatch(/<script>\/\/ Before the first paint[\s\S]*meridian\.language[\s\S]*<\/script>/);
    expect(html).toMatch(/<style>[\s\S]*\.boot-shell[\s\S]*<\/style>/);
    expect(html).toMatch(/<style>[\s\S]*\.restricted-banner-text[\s\S]*<\/style>/);
  });

  it("has the notice's text in every language, by the tag boot-language.js puts on <html lang>", () => {
    const texts = restrictedNoticeTexts(root);
    expect(Object.keys(texts).sort()).toEqual(LANGUAGES.map((language) => LANGUAGE_TAGS[language]).sort());
    for (const language of LANGUAGES) {
      const locale = JSON.parse(readFileSync(path.join(root, 'src/locales', `${language}.json`), 'utf8'));
      expect(texts[LANGUAGE_TAGS[language]]).toBe(locale.banner.restrictedCountries);
    }
  });

  it("shows home's notice in the page's language before the app runs", () => {
    const arabic = runNoticeScript('ar');
    expect(arabic.hidden).toBe(false);
    expect(arabic.textContent).toBe(restrictedNoticeTexts(root).ar);
    expect(runNoticeScript('zh-Hant-HK').textContent).toContain('北韓');
  });

  it('keeps it hidden off home, once closed in this session, and for an unknown language', () => {
    expect(runNoticeScript('en', '/trade').hidden).toBe(true);
    expect(runNoticeScript('xx').hidden).toBe(true);
    sessionStorage.setItem(STORAGE_KEYS.restrictedBannerDismissed, '1');
    expect(runNoticeScript('en').hidden).toBe(true);
  });

  it('refuses a page that lost the tags it inlines, rather than build a page that paints late', () => {
    expect(() => step(0, '<head></head>')).toThrow(/first-paint\.ts/);
    expect(() => step(0, BOOT_TAGS.replace('<script src="/boot-notice.js"></script>', ''))).toThrow(
      /first-paint\.ts/,
    );
  });

  it('requests the app after the first frame: no script, preload or stylesheet tag left for the parser', () => {
    const html = step(
      1,
      '<head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/vendor-2.js">\n    <link rel="stylesheet" crossorigin href="/assets/a-3.css">\n    <link rel="stylesheet" crossorigin href="/assets/b-4.css">\n</head><body><div id="root"></div>\n  </body>',
    );
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|rel="stylesheet"/);
    expect(html).toContain('"entry":"/assets/index-1.js"');
    expect(html.indexOf('<script>(() => {')).toBeGreaterThan(html.indexOf('id="root"'));
    expect(() => step(1, '<head></head><body></body>')).toThrow(/first-paint\.ts/);
  });

  it('adds the preloads and the stylesheets in order after a frame, and the entry once they loaded', async () => {
    const script = appLoader({
      entry: '/assets/index-1.js',
      preloads: ['/assets/vendor-2.js'],
      styles: ['/assets/a-3.css', '/assets/b-4.css'],
    });
    document.head.innerHTML = '';
    let frame: FrameRequestCallback | undefined;
    const requestFrame = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => {
      frame = callback;
      return 1;
    };
    try {
      new Function(script)();
      expect(document.head.children).toHaveLength(0);
      frame?.(0);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const links = [...document.head.querySelectorAll('link')].map(
        (link) => `${link.rel} ${link.getAttribute('href')}`,
      );
      expect(links).toEqual([
        'modulepreload /assets/vendor-2.js',
        'stylesheet /assets/a-3.css',
        'stylesheet /assets/b-4.css',
      ]);
      expect(document.head.querySelector('script')).toBeNull();
      for (const link of document.head.querySelectorAll('link[rel=stylesheet]'))
        link.dispatchEvent(new Event('load'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      const entry = document.head.querySelector('script');
      expect(entry?.type).toBe('module');
      expect(entry?.getAttribute('src')).toBe('/assets/index-1.js');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(document.head.querySelectorAll('script')).toHaveLength(1);
    } finally {
      window.requestAnimationFrame = requestFrame;
      document.head.innerHTML = '';
    }
  });
});
