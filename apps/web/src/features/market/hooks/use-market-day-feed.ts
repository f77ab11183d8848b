import type { QuoteUpdate } from '@meridian/contract/market';
import { TOPIC_MARKET_DAY } from '@meridian/contract/topics';
import { createFrameBatch } from '../../../lib/frame-batch';
import { checkTopicPush } from '../../../lib/realtime/push-schemas';
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
    void checkTopicPush(TOPIC_MARKET_DAY, data).then((push) => {
      if (push) marketDayBatch.push(push);
    });
  });
}
