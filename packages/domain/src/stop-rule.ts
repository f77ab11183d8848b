import { type DecimalValue, toDecimal } from './money';
import { checkPriceInBand, type PriceRefusal, type PriceRuleInput, readPrice } from './price-rule';
import { formatPrice } from './quote';
import { accept, type RuleResult, refuse } from './rule-result';
import type { Side } from './side';
import { asPrice, type Price } from './trade-values';

/**
 * Stop-loss and take-profit (ARCHITECTURE.md "Trading rules", spec sections 5 and 9). Zero (or an
 * empty field) means unset; below zero is refused. A set price must lie strictly on the right side
 * of both the open price and the current price, so that it can never fire at once:
 *   buy:  stop-loss below both, take-profit above both;
 *   sell: stop-loss above both, take-profit below both.
 * "Current price" is the price the position would close at now, which is the price the engine
 * watches: the bid for a buy, the ask for a sell (fill-price.ts `closePrice`). Equal is refused.
 *
 * For a pending order there is no position yet: the open price is the target, and `currentPrice`
 * is null, because the stops only start to count once the order fills at its target.
 *
 * A set price must also lie in the band around the current price (the target for a pending order)
 * that the price rule draws (price-rule.ts), so the engine can always index it.
 */
export type StopRefusal =
  | PriceRefusal
  | 'validation.stop_price_negative'
  | 'validation.stop_loss_buy_below'
  | 'validation.stop_loss_sell_above'
  | 'validation.take_profit_buy_above'
  | 'validation.take_profit_sell_below';

export type StopInput = {
  side: Side;
  openPrice: Price;
  currentPrice: Price | null;
  stopLoss: StopText;
  takeProfit: StopText;
  pricePrecision: number;
};
/** As sent: a number or its text; 0, '' and absence all mean unset. */
export type StopText = string | number | null | undefined;

/** Accepted stops: null where unset. */
export type Stops = { stopLoss: Price | null; takeProfit: Price | null };

export function checkStops(input: StopInput): RuleResult<Stops, StopRefusal> {
  const prices = [toDecimal(input.openPrice)];
  if (input.currentPrice !== null) prices.push(toDecimal(input.currentPrice));
  const lowest = prices.reduce((a, b) => (a.lte(b) ? a : b));
  const highest = prices.reduce((a, b) => (a.gte(b) ? a : b));
  const show = (value: DecimalValue) => formatPrice(value, input.pricePrecision);

  const band = {
    pricePrecision: input.pricePrecision,
    referencePrice: input.currentPrice ?? input.openPrice,
  };
  const stopLoss = readStop(input.stopLoss, band, 'stop_loss_price');
  if (!stopLoss.ok) return stopLoss;
  const takeProfit = readStop(input.takeProfit, band, 'target_profit_price');
  if (!takeProfit.ok) return takeProfit;
  const sl = stopLoss.value;
  const tp = takeProfit.value;

  if (input.side === 'buy') {
    if (sl && !sl.lt(lowest)) return refuse('validation.stop_loss_buy_below', { price: show(lowest) });
    if (tp && !tp.gt(highest)) return refuse('validation.take_profit_buy_above', { price: show(highest) });
  } else {
    if (sl && !sl.gt(highest)) return refuse('validation.stop_loss_sell_above', { price: show(highest) });
    if (tp && !tp.lt(lowest)) return refuse('validation.take_profit_sell_below', { price: show(lowest) });
  }
  return accept({
    stopLoss: sl ? asPrice(show(sl)) : null,
    takeProfit: tp ? asPrice(show(tp)) : null,
  });
}

/** A stop price as sent: null when unset, the price when set, or the refusal (naming the field). */
function readStop(
  input: StopText,
  band: PriceRuleInput,
  field: string,
): RuleResult<DecimalValue | null, StopRefusal> {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === ''))
    return accept(null);
  const read = readPrice(input, band.pricePrecision);
  if (!read.ok) return { ...read, params: { ...read.params, field } };
  if (read.value.isNegative() && !read.value.isZero())
    return refuse('validation.stop_price_negative', { field });
  if (read.value.isZero()) return accept(null);
  const banded = checkPriceInBand(read.value, band);
  if (!banded.ok) return { ...banded, params: { ...banded.params, field } };
  return accept(read.value);
}
