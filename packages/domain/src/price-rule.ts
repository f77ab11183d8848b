import { readDecimal } from './decimal-text';
import { type DecimalInput, DecimalMoney, type DecimalValue, toDecimal } from './money';
import { PRICE_TICKS_MAX } from './price-ticks';
import { formatPrice } from './quote';
import { accept, type RuleResult, refuse } from './rule-result';

/**
 * What a price typed by the customer (a pending target, a stop-loss, a take-profit) may be on an
 * instrument, decided here once:
 * 1. a number at most at the instrument's price precision (`readPrice`): more places than the
 *    instrument quotes could never be met exactly by a quote, so they are refused, not rounded;
 * 2. inside the band around the current price (`checkPriceInBand`): from the price divided by
 *    PRICE_BAND_FACTOR to the price times it, ends included, and never above what the engine's index
 *    can key (price-ticks.ts PRICE_TICKS_MAX). The band's low end is at least one tick, so a price in
 *    it is positive.
 * The pending target rule and the stop rule apply both steps, with their own message for a price
 * that is not positive in between (for a stop, 0 means "unset").
 *
 * Why a band: a trigger a hundred times away from the price is no protection anyone means, while an
 * unbounded one (1000000000000000 at 2 places) cannot be indexed by the engine and, past 22 integer
 * digits, cannot be stored (numeric(30, 8)). With the band, everything accepted is indexable.
 */
export type PriceTextRefusal = 'validation.price_invalid' | 'validation.price_precision';
export type PriceBandRefusal = 'validation.price_out_of_band';
export type PriceRefusal = PriceTextRefusal | PriceBandRefusal;

/** A trigger price lies within [current / 100, current x 100] (docs/decisions.md "Price band"). */
export const PRICE_BAND_FACTOR = 100;

export type PriceRuleInput = {
  pricePrecision: number;
  /** The price the band is around: the current price the trigger is compared with. */
  referencePrice: DecimalInput;
};

export type PriceBand = { lowest: DecimalValue; highest: DecimalValue };

export function readPrice(
  input: string | number,
  pricePrecision: number,
): RuleResult<DecimalValue, PriceTextRefusal> {
  const price = readDecimal(input);
  if (price === undefined) return refuse('validation.price_invalid');
  if (price.decimalPlaces() > pricePrecision)
    return refuse('validation.price_precision', { places: String(pricePrecision) });
  return accept(price);
}

/**
 * The band at the instrument's precision: the low end rounded up and the high end rounded down to
 * a whole tick, so both ends are prices a customer can type; the low end is at least one tick.
 */
export function priceBand({ pricePrecision, referencePrice }: PriceRuleInput): PriceBand {
  const reference = toDecimal(referencePrice);
  const tick = toDecimal(10).pow(-pricePrecision);
  const indexable = toDecimal(PRICE_TICKS_MAX).times(tick);
  const lowest = reference.div(PRICE_BAND_FACTOR).toDecimalPlaces(pricePrecision, DecimalMoney.ROUND_CEIL);
  const highest = reference
    .times(PRICE_BAND_FACTOR)
    .toDecimalPlaces(pricePrecision, DecimalMoney.ROUND_FLOOR);
  return { lowest: DecimalMoney.max(lowest, tick), highest: DecimalMoney.min(highest, indexable) };
}

export function checkPriceInBand(
  price: DecimalValue,
  rule: PriceRuleInput,
): RuleResult<DecimalValue, PriceBandRefusal> {
  const { lowest, highest } = priceBand(rule);
  if (price.lt(lowest) || price.gt(highest))
    return refuse('validation.price_out_of_band', {
      min: formatPrice(lowest, rule.pricePrecision),
      max: formatPrice(highest, rule.pricePrecision),
    });
  return accept(price);
}
