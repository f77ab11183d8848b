import { formatBalance } from '@meridian/domain/money';
import { formatPriceText } from '../../../lib/price-format';

/** Spec section 6: what stands for a balance that is hidden or not known. */
export const HIDDEN_BALANCE = '--';

/** A balance at the spec's 2 decimals (domain rounding), thousands grouped: 100,000.00. */
export function balanceText(balance: string | undefined, hidden: boolean): string {
  if (hidden || balance === undefined) return HIDDEN_BALANCE;
  try {
    return formatPriceText(formatBalance(balance));
  } catch {
    // Not a decimal: a contract fault, shown as unknown rather than as a wrong figure.
    return HIDDEN_BALANCE;
  }
}
