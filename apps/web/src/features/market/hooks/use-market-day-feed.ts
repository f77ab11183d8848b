import { MarketDayPush, type QuoteUpdate } from '@meridian/contract/market';
import { TOPIC_MARKET_DAY } from '@meridian/contract/socket';
import { createFrameBatch } from '../../../lib/frame-batch';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useLiveQuotesStore } from '../stores/live-quotes-store';

/**
 * Pushes between two frames reach the store as one update: per instrument the newest quote (by its
 * time, as the store orders them), so the rows re-render at most once a frame.
 */
export const marketDayBatch = createFrameBatch<QuoteUpdate>({
  key: (update) => update.Id,
  keep: (queued, incoming) =>
    incoming.ForexQuotations.Time >= queued.ForexQuotations.Time ? incoming : queued,
  flush: (updates) => useLiveQuotesStore.getState().apply(updates),
});

/** Feeds the live prices from the socket's `market.day` topic while the page using it is shown. */
export function useMarketDayFeed(): void {
  useTopic(TOPIC_MARKET_DAY, (data) => {
    const parsed = MarketDayPush.safeParse(data);
    if (!parsed.success) {
      // The server broke the contract: a programmer error, never shown as a price.
      console.error('market.day push does not match the contract', parsed.error);
      return;
    }
    marketDayBatch.push(parsed.data);
  });
}
