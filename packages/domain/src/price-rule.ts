import { readDecimal } from './decimal-text';
import type { DecimalValue } from './money';
import { accept, type RuleResult, refuse } from './rule-result';

/**
 * A price typed by the customer (a pending target, a stop-loss, a take-profit): a number at most at
 * the instrument's price precision. More places than the instrument quotes could never be met
 * exactly by a quote, so they are refused rather than silently rounded.
 */
export type PriceTextRefusal = 'validation.price_invalid' | 'validation.price_precision';

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
