import { MARKET_STATUS, type QuoteUpdate } from '@meridian/contract/market';
import { type FeedPriceProblem, feedPriceProblem } from '@meridian/domain/feed-price-rule';
import { marketStatus } from '@meridian/domain/market-session';
import type { MarketState } from '../../../live-market';
import { RealFeed } from '../feeds/real-feed';
import type { PriceFeed } from './feed';
import type { LiveInstrument, LiveTerms } from './live-instrument';
import type { QuoteOrigins } from './quote-origins';

/**
 * What the market says of each instrument's state (MarketStatus and its reason): closed outside
 * its weekly hours, and on a real feed also while its price cannot be traded on. A state goes to
 * the sockets only when it changed since the last one published.
 */
export class MarketStates {
  /** The last state published per instrument: 1 open, 0 closed, 2 open hours without a usable price. */
  private readonly published = new Map<number, 0 | 1 | 2>();

  constructor(
    private readonly live: ReadonlyMap<number, LiveInstrument>,
    private readonly origins: QuoteOrigins,
    /** The market's feed once started, and how long a real feed's quote stays usable now. */
    private readonly feed: () => PriceFeed | undefined,
    private readonly staleMs: () => number,
  ) {}

  /** An instrument joins the live market: its hours say whether it is open. */
  joined(terms: LiveTerms, nowMs: number): void {
    this.published.set(terms.id, marketStatus(terms.session, new Date(nowMs)));
  }

  /** Takes `state` as published; true when it differs from the last one. */
  changed(instrumentId: number, state: MarketState): boolean {
    const status = state.reason === null ? 1 : state.reason === 'closed' ? 0 : 2;
    if (status === this.published.get(instrumentId)) return false;
    this.published.set(instrumentId, status);
    return true;
  }

  state(instrumentId: number, nowMs: number): MarketState {
    const live = this.live.get(instrumentId);
    if (!live) return { status: MARKET_STATUS.closed, reason: 'closed' };
    if (marketStatus(live.terms.session, new Date(nowMs)) === MARKET_STATUS.closed)
      return { status: MARKET_STATUS.closed, reason: 'closed' };
    const problem = this.priceProblem(instrumentId, nowMs);
    return problem
      ? { status: MARKET_STATUS.closed, reason: problem }
      : { status: MARKET_STATUS.open, reason: null };
  }

  /** Why a real feed's price cannot be traded on now (null: it can; always with the simulator). */
  priceProblem(instrumentId: number, nowMs: number): FeedPriceProblem | null {
    const feed = this.feed();
    // A follower has no feed of its own running, yet prices from the leader's: it judges by what arrives.
    if (!(feed instanceof RealFeed)) return null;
    return feedPriceProblem({
      feedSymbol: this.live.get(instrumentId)?.terms.feedSymbol,
      rejected: feed.rejection(instrumentId) !== undefined,
      lastQuoteMs: this.origins.lastFeedQuote(instrumentId),
      nowMs,
      staleMs: this.staleMs(),
    });
  }

  /** The `market.day` entries of `ids`: each one's state and quotation at `nowMs`. */
  quoteUpdates(ids: number[], nowMs: number): QuoteUpdate[] {
    return ids.flatMap((id) => {
      const live = this.live.get(id);
      if (!live) return [];
      const state = this.state(id, nowMs);
      return [
        {
          Id: id,
          MarketStatus: state.status,
          MarketStatusReason: state.reason,
          ForexQuotations: live.quotation(nowMs),
        },
      ];
    });
  }
}
