import type {
  FeedInstrument,
  HistoryBatch,
  HistoryRequest,
  PriceFeed,
  PriceTick,
} from '../src/modules/market/live/feed';
import { SimulatedFeed } from '../src/modules/market/live/simulated-feed';

/** The seed of the test feeds: a test that pins prices gets the same ticks' timing in every run. */
export const TEST_FEED_SEED = 20261118;

/**
 * The built-in simulator with some instruments held at a fixed mid price: their history is flat at
 * that price and their live ticks keep coming (a few a second, only while their market is open, as
 * the simulator's) at that price. A browser test that checks figures built from a price (margin,
 * fee, the chart's legend) pins the price here instead of reading whatever the random walk gives:
 * its expectations are exact and hold at any level or time. Other instruments walk as usual.
 */
export class FixedPriceFeed implements PriceFeed {
  private readonly inner: SimulatedFeed;

  /** `prices`: mid prices by instrument code, at the instrument's precision. */
  constructor(
    private readonly prices: Readonly<Record<string, string>>,
    seed = TEST_FEED_SEED,
  ) {
    this.inner = new SimulatedFeed(seed);
  }

  resume(instrument: FeedInstrument, price: string, atMs: number): void {
    const fixed = this.prices[instrument.code];
    this.inner.resume(fixed ? held(instrument, fixed) : instrument, fixed ?? price, atMs);
  }

  drain(nowMs: number): PriceTick[] {
    return this.inner.drain(nowMs);
  }

  history(instrument: FeedInstrument, request: HistoryRequest, batchMinutes: number): Iterable<HistoryBatch> {
    const fixed = this.prices[instrument.code];
    if (!fixed) return this.inner.history(instrument, request, batchMinutes);
    return this.inner.history(held(instrument, fixed), { ...request, startPrice: fixed }, batchMinutes);
  }
}

/** The model with no volatility around `price`: every step stays at it (rounded to the precision). */
function held(instrument: FeedInstrument, price: string): FeedInstrument {
  return { ...instrument, basePrice: price, annualVolatility: 0 };
}
