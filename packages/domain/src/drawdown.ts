import { type DecimalInput, toDecimal } from './money';
import { divide } from './rounding';

/** Places of every percentage of the trader statistics, as shown. */
export const STATISTICS_PERCENT_PLACES = 2;

/**
 * Maximum drawdown of an equity curve, in percent: the largest fall from a running peak to a later
 * trough, as a share of that peak, (peak - trough) / peak x 100. The first value is the first peak.
 *
 * Rounded up (ceil) to 2 places: statistics shown to a prospective follower never flatter the
 * trader, so a drawdown is never shown smaller than it was. A curve that never falls answers
 * "0.00". The fall is capped at 100 %: a trader cannot lose more than the peak, and a curve below
 * zero only means the model left out the negative-balance-protection credit (ARCHITECTURE.md).
 *
 * Every peak must be positive (a curve starts at a positive starting equity); a curve that starts at
 * or below zero is a programmer error.
 */
export function maxDrawdownPercent(equities: readonly DecimalInput[]): string {
  const first = equities[0];
  if (first === undefined) return toDecimal(0).toFixed(STATISTICS_PERCENT_PLACES);
  let peak = toDecimal(first);
  if (!peak.gt(0)) throw new Error(`an equity curve must start above zero, got ${String(first)}`);
  // The deepest fall is compared as the fraction fall / peak without dividing: a/b > c/d with
  // positive b and d is a x d > c x b. Only the chosen fraction is divided, once.
  let deepestFall = toDecimal(0);
  let deepestPeak = peak;
  for (const value of equities) {
    const equity = toDecimal(value);
    if (equity.gt(peak)) {
      peak = equity;
      continue;
    }
    const fall = peak.minus(equity);
    if (fall.times(deepestPeak).gt(deepestFall.times(peak))) {
      deepestFall = fall;
      deepestPeak = peak;
    }
  }
  if (deepestFall.gte(deepestPeak)) return toDecimal(100).toFixed(STATISTICS_PERCENT_PLACES);
  return divide(deepestFall.times(100), deepestPeak, STATISTICS_PERCENT_PLACES, 'ceil').toFixed(
    STATISTICS_PERCENT_PLACES,
  );
}
