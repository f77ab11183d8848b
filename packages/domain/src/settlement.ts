import { toDecimal } from './money';
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
  const afterClose = toDecimal(balanceBefore).plus(toDecimal(margin)).plus(toDecimal(realisedProfit));
  const reset = negativeBalanceReset(moneyOf(afterClose));
  return {
    balanceAfterClose: moneyOf(afterClose),
    negativeBalanceReset: reset,
    balanceAfter: moneyOf(afterClose.plus(toDecimal(reset))),
  };
}

/** The amount that resets a negative balance to zero: -balance when below zero, otherwise 0. */
export function negativeBalanceReset(balance: Money): Money {
  const value = toDecimal(balance);
  return moneyOf(value.isNegative() && !value.isZero() ? value.negated() : toDecimal(0));
}
