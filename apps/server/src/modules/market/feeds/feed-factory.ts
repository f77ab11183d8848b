import type { FastifyBaseLogger } from 'fastify';
import type { FeedConfig, FeedSettings } from '../../../feed-config';
import { FixQuoteSource } from './fix/fix-quote-source';
import type { QuoteSource } from './quote-source';
import { type FeedSwitch, RealFeed } from './real-feed';
import { BinanceBookTickerSource } from './websocket/binance-book-ticker-source';

/** One configured source: FIX 4.4 market data or the exchange's book ticker stream. */
function sourceOf(
  settings: Exclude<FeedSettings, { kind: 'simulator' }>,
  dataDir: string,
  log: FastifyBaseLogger,
): QuoteSource {
  return settings.kind === 'fix'
    ? new FixQuoteSource({ settings: settings.fix, dataDir, logger: log })
    : new BinanceBookTickerSource(settings.websocket.url, log);
}

/**
 * The installation's real feed from PRICE_FEED and the rest (feed-config.ts); undefined with the
 * simulator, which the market runtime builds itself.
 */
export function realFeedFromConfig(
  config: FeedConfig,
  dependencies: {
    dataDir: string;
    now: () => number;
    log: FastifyBaseLogger;
    onSwitch: (change: FeedSwitch) => void;
  },
): RealFeed | undefined {
  const { primary, secondary } = config;
  if (primary.kind === 'simulator') return undefined;
  const log = dependencies.log.child({ area: 'price-feed' });
  return new RealFeed({
    primary: sourceOf(primary, dependencies.dataDir, log.child({ feed: 'primary' })),
    secondary: secondary
      ? sourceOf(secondary, dependencies.dataDir, log.child({ feed: 'secondary' }))
      : undefined,
    failoverMs: config.failoverMs,
    failbackMs: config.failbackMs,
    now: dependencies.now,
    log,
    onSwitch: dependencies.onSwitch,
  });
}
