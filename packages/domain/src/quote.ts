import { type DecimalInput, roundHalfUp, toDecimal } from './money';

/**
 * Quotes (ARCHITECTURE.md "Trading rules", Quote): the feed gives a mid price; a buy fills at
 * ask = mid x (1 + spread), a sell at bid = mid x (1 - spread), where spread is the instrument's
 * fraction of the mid price. Both sides are rounded half up to the instrument's precision, once.
 */
export type Quote = { bid: string; ask: string };

/** Places of the day change in percent. */
export const CHANGE_PERCENT_PLACES = 2;

/** A price as sent and shown: rounded half up to the instrument's precision. */
export function formatPrice(value: DecimalInput, pricePrecision: number): string {
  return roundHalfUp(value, pricePrecision);
}

export function quoteFromMid(mid: DecimalInput, spread: DecimalInput, pricePrecision: number): Quote {
  const middle = toDecimal(mid);
  const fraction = toDecimal(spread);
  if (middle.lte(0)) throw new Error(`a mid price must be positive, got ${middle.toString()}`);
  if (fraction.lt(0) || fraction.gte(1))
    throw new Error(`a spread must be in [0, 1), got ${fraction.toString()}`);
  return {
    bid: formatPrice(middle.times(toDecimal(1).minus(fraction)), pricePrecision),
    ask: formatPrice(middle.times(toDecimal(1).plus(fraction)), pricePrecision),
  };
}

/**
 * The day change in percent, (close - open) / open x 100, rounded half up to 2 places. An open of
 * zero (no price yet) is no change.
 */
export function dayChangePercent(open: DecimalInput, close: DecimalInput): string {
  const start = toDecimal(open);
  if (start.isZero()) return roundHalfUp(0, CHANGE_PERCENT_PLACES);
  return roundHalfUp(toDecimal(close).minus(start).div(start).times(100), CHANGE_PERCENT_PLACES);
}

/**
 * A real feed's quote as customers trade it: the staff markup in price points (steps of the
 * precision) taken from the bid and added to the ask (docs/decisions.md "Markup"). The bid never
 * goes below one step, so a quote stays positive.
 */
export function quoteWithMarkup(feed: Quote, markupPoints: number, pricePrecision: number): Quote {
  if (markupPoints === 0) return feed;
  const step = toDecimal(10).pow(-pricePrecision);
  const markup = step.times(markupPoints);
  const bid = toDecimal(feed.bid).minus(markup);
  return {
    bid: formatPrice(bid.lt(step) ? step : bid, pricePrecision),
    ask: formatPrice(toDecimal(feed.ask).plus(markup), pricePrecision),
  };
}
