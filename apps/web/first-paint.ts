import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGE_TAGS, LANGUAGES } from '../../packages/contract/src/languages';

const LANGUAGE_SCRIPT_TAG = '<script src="/boot-language.js"></script>';
const NOTICE_SCRIPT_TAG = '<script src="/boot-notice.js"></script>';
const SHELL_STYLE_TAG = '<link rel="stylesheet" href="/src/boot/boot-shell.css" />';
/** Our own stylesheets index.html links for the shell (its own and the notice's). */
const SOURCE_STYLE_TAG = /<link rel="stylesheet" href="\/(src\/[\w/-]+\.css)" \/>/g;
const STYLESHEET_LINK = /\s*<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;
const MODULE_PRELOAD_LINK = /\s*<link rel="modulepreload" crossorigin href="([^"]+\.js)">/g;
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+\.js)"><\/script>/g;
const NOTICE_TEXTS_SLOT = '{} /* restricted-countries texts by language tag */';

/**
 * The restricted-countries notice's text in every language, by the `<html lang>` tag
 * boot-language.js sets, from the app's locale files (`banner.restrictedCountries`).
 */
export function restrictedNoticeTexts(root: string): Record<string, string> {
  const texts: Record<string, string> = {};
  const files = new Set(readdirSync(path.join(root, 'src/locales')));
  for (const language of LANGUAGES) {
    if (!files.has(`${language}.json`)) throw new Error(`first-paint.ts: no src/locales/${language}.json`);
    const locale = JSON.parse(readFileSync(path.join(root, 'src/locales', `${language}.json`), 'utf8'));
    const text: unknown = locale?.banner?.restrictedCountries;
    if (typeof text !== 'string' || text === '') {
      throw new Error(`first-paint.ts: src/locales/${language}.json has no banner.restrictedCountries`);
    }
    texts[LANGUAGE_TAGS[language]] = text;
  }
  return texts;
}

/** A JSON value safe inside an inline `<script>` (no `</script>` or `<!--` can end it). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * index.html as the first paint needs it: the static shell paints from the HTML alone.
 * Its scripts (lang and dir, and home's restricted-countries notice in that language) and its
 * stylesheets are inlined, so they cost no request (the server's policy allows the scripts by their
 * hashes: inline-script-hashes.ts), and the app's stylesheets and scripts are requested by a
 * loader after the shell's first frame (`appLoader`), so they no longer hold back the shell's
 * paint; the entry waits for the stylesheets, so the app never renders unstyled. Build only: the dev server keeps the files as they are.
 */
export function firstPaint(root: string): Plugin[] {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8').trim();
  return [
    {
      name: 'meridian-first-paint-inline',
      apply: 'build',
      transformIndexHtml: {
        order: 'pre',
        handler(html) {
          if (
            !html.includes(LANGUAGE_SCRIPT_TAG) ||
            !html.includes(NOTICE_SCRIPT_TAG) ||
            !html.includes(SHELL_STYLE_TAG)
          ) {
            throw new Error(
              'index.html no longer has the boot scripts and stylesheet first-paint.ts inlines',
            );
          }
          const notice = read('public/boot-notice.js');
          if (!notice.includes(NOTICE_TEXTS_SLOT)) {
            throw new Error(
              'public/boot-notice.js no longer has the slot first-paint.ts fills with the texts',
            );
          }
          const noticeScript = notice.replace(NOTICE_TEXTS_SLOT, scriptJson(restrictedNoticeTexts(root)));
          return html
            .replace(LANGUAGE_SCRIPT_TAG, () => `<script>${read('public/boot-language.js')}</script>`)
            .replace(NOTICE_SCRIPT_TAG, () => `<script>${noticeScript}</script>`)
            .replace(SOURCE_STYLE_TAG, (_tag, file: string) => `<style>${read(file)}</style>`);
        },
      },
    },
    {
      name: 'meridian-first-paint-stylesheets',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          const hrefs = (pattern: RegExp) => [...html.matchAll(pattern)].map((found) => found[1] ?? '');
          const [entry, ...more] = hrefs(ENTRY_SCRIPT);
          if (entry === undefined || more.length > 0)
            throw new Error('first-paint.ts: expected the built page to have exactly one entry script');
          const app = {
            entry,
            preloads: hrefs(MODULE_PRELOAD_LINK),
            styles: hrefs(STYLESHEET_LINK),
          };
          const rest = html
            .replace(STYLESHEET_LINK, '')
            .replace(MODULE_PRELOAD_LINK, '')
            .replace(ENTRY_SCRIPT, '');
          return rest.replace('</body>', `<script>${appLoader(app)}</script>\n  </body>`);
        },
      },
    },
  ];
}

/**
 * The inline script that starts the app after the shell's first frame: the module preloads and the
 * stylesheets (in their order, so the cascade is the built one) are added to the head, and the entry
 * module once the stylesheets have loaded, so the app never renders unstyled. Requested from the
 * HTML, they raced the first paint on a fast connection: when they arrived first the browser ran
 * them before painting anything, and the shell showed only as late as the app would (and Lighthouse
 * counted every script as needed for the first paint). A tab opened in the background gets no frame
 * until shown: the timer starts the app there too.
 */
export function appLoader(app: { entry: string; preloads: string[]; styles: string[] }): string {
  return `(() => {
  const APP = ${scriptJson(app)};
  let started = false;
  const add = (rel, href) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
    return link;
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const href of APP.preloads) add('modulepreload', href);
    const styles = APP.styles.map((href) => new Promise((done) => {
      const link = add('stylesheet', href);
      link.onload = link.onerror = done;
    }));
    Promise.all(styles).then(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = APP.entry;
      document.head.appendChild(script);
    });
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
})();`;
}
