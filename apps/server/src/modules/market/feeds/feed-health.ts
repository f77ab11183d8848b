import type { MarketStatusReason } from '@meridian/contract/market';
import type { QuoteRefusal } from '@meridian/domain/quote-checks';
import type { MarketRuntime } from '../live/runtime';
import type { FeedSwitch, InstrumentFeedHealth, SourceHealth } from './real-feed';

/** Why the market switched feeds, as a closed set the back office translates. */
export type FeedSwitchReason = 'primary_disconnected' | 'primary_silent' | 'primary_healthy' | 'other';

/** The switch reasons real-feed.ts writes, by their text. */
const SWITCH_REASONS: Record<string, FeedSwitchReason> = {
  'primary disconnected': 'primary_disconnected',
  'primary silent': 'primary_silent',
  'primary healthy again': 'primary_healthy',
};

export type InstrumentHealthReport = InstrumentFeedHealth & {
  /** Milliseconds since the last accepted quote; undefined: none yet. */
  lastQuoteAgeMs: number | undefined;
  /** MarketStatusReason now: why it cannot be traded (null: it can). */
  reason: MarketStatusReason;
};

/**
 * The price feed's health on this node, for the back office's dashboard and the metrics.
 * With the simulator there is nothing to report but that prices are simulated; on a real
 * feed, the counts are the running feed's (the leading node's: another node's feed is not started).
 */
export type FeedHealthReport =
  | { simulated: true }
  | {
      simulated: false;
      /** Whether this node runs the feed (a single node always; with several, the leader). */
      runsHere: boolean;
      sources: SourceHealth[];
      instruments: InstrumentHealthReport[];
      /** The last switches, newest first, with a reason the back office can translate. */
      switches: (FeedSwitch & { reasonCode: FeedSwitchReason })[];
    };

/** The problems that take an instrument off a real feed's prices during trading hours. */
export const FEED_PROBLEMS: readonly MarketStatusReason[] = ['no_symbol', 'rejected', 'stale'];

export function feedHealthReport(market: MarketRuntime, nowMs: number): FeedHealthReport {
  const feed = market.realFeed;
  if (!feed) return { simulated: true };
  const health = feed.health();
  return {
    simulated: false,
    runsHere: market.leads,
    sources: health.sources,
    instruments: health.instruments.map((instrument) => ({
      ...instrument,
      lastQuoteAgeMs:
        instrument.lastGoodMs === undefined ? undefined : Math.max(0, nowMs - instrument.lastGoodMs),
      reason: market.marketState(instrument.instrumentId, nowMs).reason,
    })),
    switches: health.switches
      .map((change) => ({ ...change, reasonCode: SWITCH_REASONS[change.reason] ?? 'other' }))
      .reverse(),
  };
}

/** The refusal counts, typed by reason (the metrics label each one). */
export function refusalsOf(instrument: InstrumentHealthReport): [QuoteRefusal, number][] {
  return Object.entries(instrument.refused) as [QuoteRefusal, number][];
}
