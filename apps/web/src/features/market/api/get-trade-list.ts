import type { Instrument } from '@meridian/contract/market';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';
import { useLiveQuotesStore } from '../stores/live-quotes-store';

const instrumentListSchema = lazySchema(() =>
  import('@meridian/contract/market').then((contract) => contract.InstrumentList),
);

export const TRADE_LIST_QUERY_KEY = ['market', 'trade-list'] as const;

/**
 * GET /v1/api/forex/trade_list: every instrument with its day statistics. The quotes it carries
 * seed the live store, which then moves with the socket's `market.day` pushes.
 */
export async function getTradeList(signal?: AbortSignal, silent = false): Promise<Instrument[]> {
  const instruments = await api.get('/v1/api/forex/trade_list', undefined, {
    schema: instrumentListSchema,
    signal,
    silent,
  });
  useLiveQuotesStore.getState().seed(instruments);
  return instruments;
}

export function useTradeList() {
  return useQuery({ queryKey: TRADE_LIST_QUERY_KEY, queryFn: ({ signal }) => getTradeList(signal) });
}

/**
 * Spec section 2: the list is refreshed on every visit to / and /trade, even when it is fresh. A
 * fetch already under way (the one the boot starts for /trade) is that refresh: it is joined, not
 * cancelled and made again.
 */
export function refreshTradeList(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries(
    { queryKey: TRADE_LIST_QUERY_KEY, type: 'all' },
    { cancelRefetch: false },
  );
}

/**
 * Starts fetching the list before the first render (bootstrap, on /trade): the price in the trade
 * page's header, its largest paint, waits for it, and the request then runs beside the texts and the
 * page's download instead of after them.
 */
export function prefetchTradeList(queryClient: QueryClient): void {
  // Quiet: a failure now would be told before the texts are in; the page's own fetch, on mount,
  // tries again and tells it.
  void queryClient.prefetchQuery({
    queryKey: TRADE_LIST_QUERY_KEY,
    queryFn: ({ signal }) => getTradeList(signal, true),
  });
}
