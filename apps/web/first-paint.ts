import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const LANGUAGE_SCRIPT_TAG = '<script src="/boot-language.js"></script>';
const SHELL_STYLE_TAG = '<link rel="stylesheet" href="/src/boot/boot-shell.css" />';
const STYLESHEET_LINK = /\s*<link rel="stylesheet" crossorigin href="[^"]+\.css">/g;

/**
 * index.html as the first paint needs it (issue 15): the static shell paints from the HTML alone.
 * Its language script (lang and dir before the first paint) and its stylesheet are inlined, so they
 * cost no request (the server's policy allows the script by its hash: inline-script-hashes.ts), and
 * the app's stylesheets move to the end of the body, where they no longer hold back the shell's
 * paint; the app's scripts still wait for them, so the app never renders unstyled. Build only: the
 * dev server keeps the files as they are.
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
          if (!html.includes(LANGUAGE_SCRIPT_TAG) || !html.includes(SHELL_STYLE_TAG)) {
            throw new Error('index.html no longer has the boot script and stylesheet first-paint.ts inlines');
          }
          return html
            .replace(LANGUAGE_SCRIPT_TAG, `<script>${read('public/boot-language.js')}</script>`)
            .replace(SHELL_STYLE_TAG, `<style>${read('src/boot/boot-shell.css')}</style>`);
        },
      },
    },
    {
      name: 'meridian-first-paint-stylesheets',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          const links = html.match(STYLESHEET_LINK) ?? [];
          const rest = html.replace(STYLESHEET_LINK, '');
          return rest.replace('</body>', `${links.map((link) => link.trim()).join('\n    ')}\n  </body>`);
        },
      },
    },
  ];
}
