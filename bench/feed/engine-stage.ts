import type { RawQuote } from '../../apps/server/src/modules/market/feeds/quote-source';

/**
 * ======== HOOK FOR THE LEAD: the checks-and-engine stage ========
 * Every RawQuote the FIX adapter reports in the benchmark passes through this function, and the
 * benchmark's time "from arrival to the engine having seen it" ends when it returns. Replace the
 * body with the market's quote checks (band, crossed, spike, stale) and the engine's price index
 * update, e.g. `checks.accept(quote) && engine.onQuote(...)`. Until then it only reads the quote.
 */
export function engineStage(quote: RawQuote): void {
  if (quote.bid === undefined && quote.ask === undefined) emptyBooks++;
}

/** Books the provider emptied (read, so the stage's work is not optimised away). */
export let emptyBooks = 0;
