import { describe, expect, it } from 'vitest';
import { preloadRoutePage, ROUTE_TABLE } from './route-table';

function pageOf(path: string) {
  const page = ROUTE_TABLE.find((entry) => entry.path === path)?.page;
  if (page?.kind !== 'lazy') throw new Error(`${path} is not a lazy page`);
  return page;
}

describe('the route table', () => {
  it("downloads a lazy page once, whoever asks first (the boot's preload, then the router)", async () => {
    const trade = pageOf('/trade');
    preloadRoutePage('/trade');
    const first = trade.load();
    expect(trade.load()).toBe(first);
    expect(typeof (await first)).toBe('function');
  });

  it('takes any address: home (in the entry), an unknown one, a page behind the login', () => {
    for (const path of ['/', '/no-such-page', '/order']) expect(() => preloadRoutePage(path)).not.toThrow();
  });
});
