import type { QuoteInfo } from '../../../live-market';
import type { PriceTick } from './feed';
import type { LiveInstrument } from './live-instrument';

/** Where and when an instrument's last tick came from. */
type QuoteOrigin = { receivedMs: number; feedMs: number | null; source: string };

/**
 * Where each instrument's quotes came from, and when: the execution record keeps the source and
 * times with each fill (`quoteInfo`), and a real feed's price that stopped coming must not be
 * traded on (`pricesLive`, `marketState`). A follower learns both from the ticks the leader relays.
 */
export class QuoteOrigins {
  /** When each instrument last had a real feed's quote (drained here or relayed by the leader). */
  private readonly lastFeedQuoteMs = new Map<number, number>();
  private readonly origins = new Map<number, QuoteOrigin>();

  /** A real feed's quote (bid and ask) of `timeMs`: a relayed tick may be older than one already seen. */
  noteFeedQuote(instrumentId: number, timeMs: number): void {
    this.lastFeedQuoteMs.set(instrumentId, Math.max(timeMs, this.lastFeedQuoteMs.get(instrumentId) ?? 0));
  }

  lastFeedQuote(instrumentId: number): number | undefined {
    return this.lastFeedQuoteMs.get(instrumentId);
  }

  /** The instrument's last tick, taken from `source` (a real feed's active source, or the simulator). */
  noteTick(tick: PriceTick, source: string): void {
    this.origins.set(tick.instrumentId, { receivedMs: tick.timeMs, feedMs: tick.feedMs ?? null, source });
  }

  /** The live quote of `live` with where and when it came from. */
  info(instrumentId: number, live: LiveInstrument): QuoteInfo {
    const origin = this.origins.get(instrumentId);
    const real = origin !== undefined && origin.source !== 'simulator';
    return {
      quote: live.quote(),
      source: real ? `${origin.source}:${live.terms.feedSymbol ?? ''}` : 'simulator',
      receivedMs: origin?.receivedMs ?? live.lastTimeMs,
      feedMs: real ? origin.feedMs : null,
      markupPoints: real ? (live.terms.markupPoints ?? 0) : 0,
    };
  }
}
