import { MarketDayPush } from '@meridian/contract/market';
import { TOPIC_MARKET_DAY } from '@meridian/contract/socket';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useLiveQuotesStore } from '../stores/live-quotes-store';

/** Feeds the live prices from the socket's `market.day` topic while the page using it is shown. */
export function useMarketDayFeed(): void {
  useTopic(TOPIC_MARKET_DAY, (data) => {
    const parsed = MarketDayPush.safeParse(data);
    if (!parsed.success) {
      // The server broke the contract: a programmer error, never shown as a price.
      console.error('market.day push does not match the contract', parsed.error);
      return;
    }
    useLiveQuotesStore.getState().apply(parsed.data);
  });
}
