import path from 'node:path';
import type { IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstPaint } from '../../first-paint';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs one of the plugin's two steps on a page, as Vite does at build. */
function step(index: 0 | 1, html: string): string {
  const transform = firstPaint(root)[index]?.transformIndexHtml as { handler: IndexHtmlTransformHook };
  return transform.handler.call({} as never, html, { path: '/index.html', filename: 'index.html' }) as string;
}

describe('first paint (index.html at build)', () => {
  it('inlines the language script and the shell stylesheet, so the shell paints without a request', () => {
    const html = step(
      0,
      '<head><script src="/boot-language.js"></script>\n<link rel="stylesheet" href="/src/boot/boot-shell.css" /></head>',
    );
    expect(html).not.toContain('src="/boot-language.js"');
    expect(html).not.toContain('boot-shell.css');
    expect(html).toMatch(/<script>\/\/ Before the first paint[\s\S]*meridian\.language[\s\S]*<\/script>/);
    expect(html).toMatch(/<style>[\s\S]*\.boot-shell[\s\S]*<\/style>/);
  });

  it('refuses a page that lost the tags it inlines, rather than build a page that paints late', () => {
    expect(() => step(0, '<head></head>')).toThrow(/first-paint\.ts/);
  });

  it("moves the app's stylesheets to the end of the body, keeping their order", () => {
    const html = step(
      1,
      '<head>\n    <link rel="stylesheet" crossorigin href="/assets/a-1.css">\n    <link rel="stylesheet" crossorigin href="/assets/b-2.css">\n</head><body><div id="root"></div>\n  </body>',
    );
    expect(html.indexOf('a-1.css')).toBeGreaterThan(html.indexOf('id="root"'));
    expect(html.indexOf('b-2.css')).toBeGreaterThan(html.indexOf('a-1.css'));
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('stylesheet');
  });
});
