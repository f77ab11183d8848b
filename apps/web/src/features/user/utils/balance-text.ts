import { compareDecimalText } from '../../../lib/decimal-text';
import { formatMoneyText } from '../../../lib/money-format';

/** Spec section 6: what stands for a balance that is hidden or not known. */
export const HIDDEN_BALANCE = '--';

/** A balance at the spec's 2 decimals, in the reader's language: 100,000.00, de 100.000,00. */
export function balanceText(balance: string | undefined, hidden: boolean): string {
  if (hidden || balance === undefined) return HIDDEN_BALANCE;
  // Not a decimal: a contract fault, shown as unknown rather than as a wrong figure.
  if (compareDecimalText(balance, '0') === null) return HIDDEN_BALANCE;
  return formatMoneyText(balance, 2);
}
