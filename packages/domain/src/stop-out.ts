import { isAtOrBelowStopOut } from './account-metrics';
import { type DecimalInput, toDecimal } from './money';
import type { Money } from './trade-values';

/**
 * Stop-out selection (ARCHITECTURE.md "Trading rules"): while the account's risk rate is at or
 * below the stop-out level, close the position with the largest loss, then look again.
 *
 * Closing a position at its mark moves its margin and its floating profit into the balance, so net
 * value stays the same while the margin in positions shrinks: the rate only rises, and the list can
 * be worked out at once from one tick's figures. Ties in loss close the older order (smaller id)
 * first, so the choice is deterministic. The answer is the ids to close, in order; empty when the
 * account is above the level.
 */
export type PositionExposure<Id extends number = number> = {
  orderId: Id;
  margin: Money;
  floatingProfit: Money;
};

export type StopOutInput<Id extends number = number> = {
  balance: Money;
  positions: readonly PositionExposure<Id>[];
  /** The stop-out level in percent (setting stop_out_level, default 50). */
  levelPercent: DecimalInput;
};

/** Generic in the id so that a branded order id (ids.ts) comes back as it went in. */
export function selectStopOut<Id extends number>({
  balance,
  positions,
  levelPercent,
}: StopOutInput<Id>): Id[] {
  let marginLeft = toDecimal(0);
  let equity = toDecimal(balance);
  for (const position of positions) {
    marginLeft = marginLeft.plus(toDecimal(position.margin));
    equity = equity.plus(toDecimal(position.margin)).plus(toDecimal(position.floatingProfit));
  }
  const largestLossFirst = [...positions].sort(
    (a, b) => toDecimal(a.floatingProfit).comparedTo(toDecimal(b.floatingProfit)) || a.orderId - b.orderId,
  );
  const toClose: Id[] = [];
  for (const position of largestLossFirst) {
    if (!isAtOrBelowStopOut(equity, marginLeft, levelPercent)) break;
    toClose.push(position.orderId);
    marginLeft = marginLeft.minus(toDecimal(position.margin));
  }
  return toClose;
}
