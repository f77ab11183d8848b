import { describe, expect, it } from 'vitest';
import { pageComponentOf, preloadRoutePage, ROUTE_TABLE, routeEntryOf } from './route-table';

function entryOf(path: string) {
  const entry = ROUTE_TABLE.find((candidate) => candidate.path === path);
  if (entry?.page.kind !== 'lazy') throw new Error(`${path} is not a lazy page`);
  return { entry, page: entry.page };
}

describe('the route table', () => {
  it("downloads a lazy page once, whoever asks first (the boot's preload, then the router)", async () => {
    const { page } = entryOf('/trade');
    const preloaded = preloadRoutePage('/trade');
    const first = page.load();
    expect(page.load()).toBe(first);
    await preloaded;
    expect(page.loaded()).toBe(await first);
    expect(typeof (await first)).toBe('function');
  });

  it('gives a page downloaded before its first render as itself (no suspense), and the same one after', async () => {
    const { entry } = entryOf('/login');
    await preloadRoutePage('/login');
    const Page = pageComponentOf(entry);
    expect(Page).toBe(entry.page.kind === 'lazy' ? entry.page.loaded() : undefined);
    expect(pageComponentOf(entry)).toBe(Page);
  });

  it('gives a page not downloaded yet through React.lazy, the same one every time', () => {
    const { entry, page } = entryOf('/mine/chat');
    expect(page.loaded()).toBeUndefined();
    const Page = pageComponentOf(entry);
    expect((Page as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    expect(pageComponentOf(entry)).toBe(Page);
  });

  it('takes any address: home (in the entry), an unknown one, a page behind the login', async () => {
    for (const path of ['/', '/no-such-page', '/order'])
      await expect(preloadRoutePage(path)).resolves.toBeUndefined();
    expect(entryOf('/order').page.loaded()).toBeUndefined();
  });

  it('matches an address as React Router does: case and a final slash aside', () => {
    expect(routeEntryOf('/Trade/')?.path).toBe('/trade');
    expect(routeEntryOf('/mine/records')?.path).toBe('/mine/records');
    expect(routeEntryOf('/mine')).toBeUndefined();
  });
});
