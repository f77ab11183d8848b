import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTradeList, prefetchTradeList, refreshTradeList, TRADE_LIST_QUERY_KEY } from './get-trade-list';

const INSTRUMENTS: unknown[] = [];

function answer() {
  return new Response(JSON.stringify({ code: 1, msg: 'success', data: INSTRUMENTS }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** The page's own query, as useTradeList mounts it (a query without one is not refetched). */
function mountPage(queryClient: QueryClient): () => void {
  const observer = new QueryObserver(queryClient, {
    queryKey: TRADE_LIST_QUERY_KEY,
    queryFn: ({ signal }) => getTradeList(signal),
  });
  return observer.subscribe(() => {});
}

describe('the trade list at boot', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchSpy = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("joins the boot's fetch when the page's visit refreshes the list while it is under way", async () => {
    const queryClient = new QueryClient();
    prefetchTradeList(queryClient);
    const unmount = mountPage(queryClient);
    await refreshTradeList(queryClient);
    unmount();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(TRADE_LIST_QUERY_KEY)).toEqual([]);
  });

  it('joins a refresh still under way when the list is already loaded, instead of cancelling it', async () => {
    const queryClient = new QueryClient();
    prefetchTradeList(queryClient);
    const unmount = mountPage(queryClient);
    await refreshTradeList(queryClient);
    // A quick visit to / then /trade: the second visit's refresh finds the first one under way.
    await Promise.all([refreshTradeList(queryClient), refreshTradeList(queryClient)]);
    unmount();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('still refreshes a list already loaded, at every visit', async () => {
    const queryClient = new QueryClient();
    prefetchTradeList(queryClient);
    const unmount = mountPage(queryClient);
    await refreshTradeList(queryClient);
    await refreshTradeList(queryClient);
    unmount();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
