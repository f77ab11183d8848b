import { toDecimal } from './money';
import { checkPriceInBand, type PriceRefusal, readPrice } from './price-rule';
import { formatPrice, type Quote } from './quote';
import { accept, type RuleResult, refuse } from './rule-result';
import type { Side } from './side';
import { asPrice, type Price } from './trade-values';

/**
 * The target of a pending order (ARCHITECTURE.md "Trading rules"): a buy target must be below, a
 * sell target above the current price. "Current price" is the price the order would fill at now
 * and the price the engine watches for it: the ask for a buy (it fills when ask <= target), the bid
 * for a sell (it fills when bid >= target). A target equal to that price is refused: it would fill
 * at once, and a market order is the way to do that. A target must also be above zero, and inside
 * the band around that price (price-rule.ts), so the engine can always index it.
 */
export type PendingTargetRefusal =
  | PriceRefusal
  | 'validation.target_positive'
  | 'validation.target_buy_below_ask'
  | 'validation.target_sell_above_bid';

export type PendingTargetInput = {
  side: Side;
  target: string | number;
  quote: Quote;
  pricePrecision: number;
};

export function checkPendingTarget({
  side,
  target,
  quote,
  pricePrecision,
}: PendingTargetInput): RuleResult<Price, PendingTargetRefusal> {
  const read = readPrice(target, pricePrecision);
  if (!read.ok) return read;
  const price = read.value;
  if (price.lte(0)) return refuse('validation.target_positive');
  const watched = side === 'buy' ? quote.ask : quote.bid;
  const banded = checkPriceInBand(price, { pricePrecision, referencePrice: watched });
  if (!banded.ok) return banded;
  if (side === 'buy' && !price.lt(toDecimal(quote.ask)))
    return refuse('validation.target_buy_below_ask', { price: quote.ask });
  if (side === 'sell' && !price.gt(toDecimal(quote.bid)))
    return refuse('validation.target_sell_above_bid', { price: quote.bid });
  return accept(asPrice(formatPrice(price, pricePrecision)));
}
