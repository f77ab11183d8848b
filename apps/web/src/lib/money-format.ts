import { readDecimal } from '@meridian/domain/decimal-text';
import { roundHalfUp } from '@meridian/domain/money';
import { signOfDecimalText } from './decimal-text';
import { formatPriceText } from './price-format';

/**
 * Places of money as shown (spec section 9): balances at 2 decimals, profit at 6. Margin and fee
 * are amounts of an order, shown at the 6 places they are kept, like profit.
 */
export const MONEY_PLACES = { balance: 2, profit: 6, orderAmount: 6 } as const;

/**
 * An amount sent by the server as decimal text, rounded half up once to `places` (decimal.js, no
 * binary float) and grouped by thousands: "99896.27335" at 2 places is "99,896.27". Text that is
 * not a decimal is shown as it is.
 */
export function formatMoneyText(amount: string, places: number): string {
  if (readDecimal(amount) === undefined) return amount;
  return formatPriceText(roundHalfUp(amount, places));
}

/**
 * An order amount (margin, fee, required cost) exactly as kept, at most 6 places, without the
 * trailing zeros past the second: "103.476650" is "103.47665", "0.250000" is "0.25", "0.005" stays.
 * Rounding it to cents would show a fee of 0.005 as 0.01, which is not what is charged.
 */
export function formatOrderAmount(amount: string): string {
  if (readDecimal(amount) === undefined) return amount;
  const exact = roundHalfUp(amount, MONEY_PLACES.orderAmount).replace(/(\.\d\d\d*?)0+$/, '$1');
  return formatPriceText(exact);
}

/**
 * An amount with its sign always written, for profits and ledger moves: "+12.50", "-0.25", and
 * "0.00" without a sign. The sign is taken after rounding, so -0.001 at 2 places is "0.00".
 */
export function formatSignedMoney(amount: string, places: number): string {
  if (readDecimal(amount) === undefined) return amount;
  const shown = formatMoneyText(amount, places);
  const sign = signOfDecimalText(shown.replaceAll(',', ''));
  const body = shown.replace(/^[+-]/, '');
  if (sign > 0) return `+${body}`;
  if (sign < 0) return `-${body}`;
  return body;
}

/** Which colour an amount takes: up (green) for a gain, down (red) for a loss, flat for zero. */
export function toneOfAmount(amount: string): 'up' | 'down' | 'flat' {
  const sign = signOfDecimalText(amount);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}
