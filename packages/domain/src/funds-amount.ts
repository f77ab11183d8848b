import { readDecimal } from './decimal-text';
import { toDecimal } from './money';
import { accept, type RuleResult, refuse } from './rule-result';

/**
 * An amount a customer asks to deposit or withdraw (or a reviewer to credit): a number, above zero,
 * with at most `decimalsMax` places, at least `min` and at most `max` ("0": no maximum). Checked in
 * that order, so the customer hears the first thing to fix. The answer is the amount as plain text
 * without needless zeros.
 */
export type FundsAmountLimits = { decimalsMax: number; min: string; max: string };

export type FundsAmountRefusal =
  | 'validation.amount_invalid'
  | 'validation.amount_positive'
  | 'validation.amount_decimals'
  | 'validation.amount_below_minimum'
  | 'validation.amount_above_maximum';

export function checkFundsAmount(
  input: string | number,
  limits: FundsAmountLimits,
): RuleResult<string, FundsAmountRefusal> {
  const amount = readDecimal(input);
  if (amount === undefined) return refuse('validation.amount_invalid');
  if (amount.lte(0)) return refuse('validation.amount_positive');
  if (amount.decimalPlaces() > limits.decimalsMax)
    return refuse('validation.amount_decimals', { places: String(limits.decimalsMax) });
  const minimum = toDecimal(limits.min);
  const maximum = toDecimal(limits.max);
  if (amount.lt(minimum)) return refuse('validation.amount_below_minimum', { min: minimum.toFixed() });
  if (maximum.gt(0) && amount.gt(maximum))
    return refuse('validation.amount_above_maximum', { max: maximum.toFixed() });
  return accept(amount.toFixed());
}
