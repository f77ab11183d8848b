import { readDecimal } from '@meridian/domain/decimal-text';
import { checkFundsAmount, type FundsAmountLimits } from '@meridian/domain/funds-amount';

/** A message for the customer: a translation key and what fills its placeholders. */
export type FundsMessage = { key: string; params?: Record<string, string> };

/**
 * What is wrong with an amount as typed, by the domain's own rule (the server checks the same):
 * empty gives the form's own prompt (spec section 8: "enter charge amount"), anything else the
 * domain's reason (`validation.amount_*`, translated in every locale with its min, max or places).
 */
export function amountProblem(
  amount: string,
  limits: FundsAmountLimits,
  emptyKey: string,
): FundsMessage | undefined {
  if (amount.trim() === '') return { key: emptyKey };
  const checked = checkFundsAmount(amount, limits);
  return checked.ok ? undefined : { key: checked.reason, params: checked.params };
}

/** True when `amount` is a number above `available` (both decimal texts; nothing typed is not over). */
export function isOverAvailable(amount: string, available: string | undefined): boolean {
  const typed = readDecimal(amount);
  const held = available === undefined ? undefined : readDecimal(available);
  return typed !== undefined && held !== undefined && typed.gt(held);
}
