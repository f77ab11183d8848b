import { type DecimalInput, toDecimal } from './money';
import { type Money, moneyOf } from './trade-values';

/**
 * The copy stop-loss: copying stops, and the copies are closed, once the
 * follow relationship has lost its stop percentage of the amount. Decisions (docs/decisions.md,
 * "Copy trading: stop-loss"):
 * - The relationship's result counts every copy it opened: closed copies with their realised profit
 *   minus their fee, open copies with their floating profit minus their fee. Fees are money the
 *   follower lost to the copying, so they count.
 * - Reached when loss >= percent of the amount, compared exactly by cross-multiplying (no division,
 *   no rounding): -result x 100 >= percent x amount. Exactly at the percentage stops.
 * - A percentage of 0 means "no copy stop-loss" (as 0 means unset for an order's stop-loss, spec
 *   section 9). A negative percentage, one above 100, or an amount not above zero is a programmer
 *   error: the follow settings are validated when they are saved.
 */
export type ClosedCopy = { realisedProfit: Money; fee: Money };
export type OpenCopy = { floatingProfit: Money; fee: Money };

/** The follow relationship's result so far: net of fees, closed and open copies together; exact. */
export function copyRelationshipResult(closed: readonly ClosedCopy[], open: readonly OpenCopy[]): Money {
  let result = toDecimal(0);
  for (const copy of closed) result = result.plus(toDecimal(copy.realisedProfit)).minus(toDecimal(copy.fee));
  for (const copy of open) result = result.plus(toDecimal(copy.floatingProfit)).minus(toDecimal(copy.fee));
  return moneyOf(result);
}

export type CopyStopLossInput = {
  /** The follow amount the percentage is of. */
  amount: Money;
  /** The copy stop-loss in percent of the amount; 0 = none. */
  stopLossPercent: DecimalInput;
  /** `copyRelationshipResult`: negative is a loss. */
  result: Money;
};

export function isCopyStopLossReached({ amount, stopLossPercent, result }: CopyStopLossInput): boolean {
  const percent = toDecimal(stopLossPercent);
  const base = toDecimal(amount);
  if (percent.isNegative() || percent.gt(100))
    throw new Error(`a copy stop-loss must be within 0..100 %, got ${String(stopLossPercent)}`);
  if (!base.gt(0)) throw new Error(`a copy amount must be positive, got ${amount}`);
  if (percent.isZero()) return false;
  const loss = toDecimal(result).negated();
  return loss.times(100).gte(percent.times(base));
}
