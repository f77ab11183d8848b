/**
 * The scripts a page starts with, as its HTML names them: module and classic script sources,
 * module preloads, and the entry and preloads of index.html's app loader (`const APP = {...}`,
 * apps/web/first-paint.ts), which requests them after the shell's first frame. Paths only.
 */
export function startScripts(html: string): Set<string> {
  const paths = new Set<string>();
  const add = (href: string | undefined) => {
    if (href) paths.add(new URL(href, 'http://page.invalid/').pathname);
  };
  for (const found of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) add(found[1]);
  for (const found of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) add(found[1]);
  const loader = /const APP = (\{.*?\});/.exec(html)?.[1];
  if (loader) {
    const app = JSON.parse(loader) as { entry: string; preloads: string[] };
    add(app.entry);
    for (const href of app.preloads) add(href);
  }
  return paths;
}
