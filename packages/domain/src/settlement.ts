import { type DecimalValue, toDecimal } from './money';
import { type Money, moneyOf } from './trade-values';

/**
 * What opening and closing an order do to the available balance, as the ledger writes it
 * (ARCHITECTURE.md Principle 1). Opening moves the margin from the balance into the order (a pair of
 * entries) and charges the fee (one entry); closing moves the margin back (a pair) and books the
 * realised profit (one entry). So a position closed at its open price costs exactly its fee.
 */
export function openingCost(margin: Money, fee: Money): Money {
  return moneyOf(toDecimal(margin).plus(toDecimal(fee)));
}

export type CloseSettlement = {
  /** Balance after the margin returns and the realised profit is booked. */
  balanceAfterClose: Money;
  /**
   * Negative balance protection: when a loss larger than balance and margin leaves the balance below
   * zero, one entry of this amount brings it back to exactly zero (zero when not needed).
   */
  negativeBalanceReset: Money;
  /** The balance after both. */
  balanceAfter: Money;
};

export function closeSettlement(balanceBefore: Money, margin: Money, realisedProfit: Money): CloseSettlement {
  const settled = settleClose(toDecimal(balanceBefore), toDecimal(margin), toDecimal(realisedProfit));
  return {
    balanceAfterClose: moneyOf(settled.balanceAfterClose),
    negativeBalanceReset: moneyOf(settled.negativeBalanceReset),
    balanceAfter: moneyOf(settled.balanceAfter),
  };
}

/**
 * `closeSettlement` on decimals already parsed: the engine settles thousands of closes in one batch,
 * and parsing the same amounts again for every step was a fifth of its time.
 */
export function settleClose(
  balanceBefore: DecimalValue,
  margin: DecimalValue,
  realisedProfit: DecimalValue,
): { balanceAfterClose: DecimalValue; negativeBalanceReset: DecimalValue; balanceAfter: DecimalValue } {
  const afterClose = balanceBefore.plus(margin).plus(realisedProfit);
  const reset = resetOf(afterClose);
  return { balanceAfterClose: afterClose, negativeBalanceReset: reset, balanceAfter: afterClose.plus(reset) };
}

/** The amount that resets a negative balance to zero: -balance when below zero, otherwise 0. */
export function negativeBalanceReset(balance: Money): Money {
  return moneyOf(resetOf(toDecimal(balance)));
}

function resetOf(value: DecimalValue): DecimalValue {
  return value.isNegative() && !value.isZero() ? value.negated() : toDecimal(0);
}
