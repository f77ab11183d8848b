import { describe, expect, it } from 'vitest';
import { startScripts } from './start-scripts';

describe('the scripts a page starts with', () => {
  it("reads index.html's app loader: its entry and the modules preloaded with it", () => {
    const html =
      '<script>(() => {\n  const APP = {"entry":"/assets/index-1.js","preloads":["/assets/vendor-2.js","/assets/index-1.js"],"styles":["/assets/a.css"]};\n})();</script>';
    expect([...startScripts(html)].sort()).toEqual(['/assets/index-1.js', '/assets/vendor-2.js']);
  });

  it('reads script tags and module preloads of a page without the loader (the floor app)', () => {
    const html =
      '<script type="module" crossorigin src="/assets/main-3.js"></script><link rel="modulepreload" crossorigin href="/assets/dep-4.js"><script>inline()</script>';
    expect([...startScripts(html)].sort()).toEqual(['/assets/dep-4.js', '/assets/main-3.js']);
  });
});
