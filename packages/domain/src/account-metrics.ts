import { type DecimalInput, toDecimal } from './money';
import { divide } from './rounding';
import { type Money, moneyOf } from './trade-values';

/**
 * Account figures of ARCHITECTURE.md "Trading rules".
 *
 * "Margin in open orders" means the margin held by holding positions. A pending order's reserved
 * margin and fee are a commitment, not an exposure: they are outside net value and risk rate, so
 * placing or cancelling a pending order never moves the risk rate and cannot trigger a stop-out.
 */
export type AccountFigures = {
  /** Available balance (the ledger's balance bucket). */
  balance: Money;
  /** Sum of the margin of the holding positions. */
  positionMargin: Money;
  /** Sum of the floating profit of the holding positions. */
  floatingProfit: Money;
};

/** Net value (equity) = balance + margin in positions + floating profit; a sum, exact. */
export function netValue({ balance, positionMargin, floatingProfit }: AccountFigures): Money {
  return moneyOf(toDecimal(balance).plus(toDecimal(positionMargin)).plus(toDecimal(floatingProfit)));
}

/** Places of the risk rate, in percent, as shown. */
export const RISK_RATE_PLACES = 2;

/**
 * Risk rate in percent = net value / margin in positions x 100, for display: 2 places rounded
 * down (floor), so the rate shown is never above the real one and a customer at the stop-out level
 * never sees a rate that looks safe. Null when no position holds margin: there is no rate.
 * Stop-out decisions never use this rounded figure; they compare exactly (`isAtOrBelowStopOut`).
 */
export function riskRatePercent(equity: Money, positionMargin: Money): string | null {
  const margin = toDecimal(positionMargin);
  if (margin.lte(0)) return null;
  return divide(toDecimal(equity).times(100), margin, RISK_RATE_PLACES, 'floor').toFixed(RISK_RATE_PLACES);
}

/**
 * True when equity / margin x 100 <= level, compared exactly by cross-multiplying (no division, no
 * rounding): equity x 100 <= level x margin. False without margin (no positions, no stop-out).
 */
export function isAtOrBelowStopOut(
  equity: DecimalInput,
  positionMargin: DecimalInput,
  levelPercent: DecimalInput,
) {
  const margin = toDecimal(positionMargin);
  if (margin.lte(0)) return false;
  return toDecimal(equity).times(100).lte(toDecimal(levelPercent).times(margin));
}
