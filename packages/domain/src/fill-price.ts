import type { Quote } from './quote';
import type { Side } from './side';
import { asPrice, type Price } from './trade-values';

/**
 * Which side of the quote an order trades at (ARCHITECTURE.md "Trading rules"). The customer always
 * crosses the spread: a buy opens at the ask and closes by selling at the bid; a sell opens at the
 * bid and closes by buying back at the ask. The quote itself comes from `quoteFromMid` (quote.ts).
 */
export function openPrice(side: Side, quote: Quote): Price {
  return asPrice(side === 'buy' ? quote.ask : quote.bid);
}

/** The price a position closes at now, and so the price its floating profit is marked at. */
export function closePrice(side: Side, quote: Quote): Price {
  return asPrice(side === 'buy' ? quote.bid : quote.ask);
}
