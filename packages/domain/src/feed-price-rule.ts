/**
 * When a real feed's price may be traded on (ARCHITECTURE.md "The market is honest"): the instrument
 * must have a feed symbol, the venue must not have refused that symbol, and its last quote must be
 * younger than the stale time (the `feed_stale_seconds` setting). A price that fails one of these is
 * shown, but no order fills on it. Trading hours are judged before this: silence outside them is not
 * staleness. The simulator's prices have no such problem.
 */
export type FeedPriceProblem = 'no_symbol' | 'rejected' | 'stale';

export type FeedPriceState = {
  feedSymbol: string | null | undefined;
  /** Whether the venue refused the symbol. */
  rejected: boolean;
  /** When the last quote from the feed arrived (ms); undefined: none yet. */
  lastQuoteMs: number | undefined;
  nowMs: number;
  staleMs: number;
};

/** Why the price cannot be traded on now; null when it can. */
export function feedPriceProblem(state: FeedPriceState): FeedPriceProblem | null {
  if (!state.feedSymbol) return 'no_symbol';
  if (state.rejected) return 'rejected';
  if (state.lastQuoteMs === undefined || state.nowMs - state.lastQuoteMs > state.staleMs) return 'stale';
  return null;
}
