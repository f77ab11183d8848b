import type { Language } from '@meridian/contract/languages';
import { signOfDecimalText } from './decimal-text';
import { formatDecimal } from './number-format';

/**
 * Places of money as shown (spec section 9): balances at 2 decimals, profit at 6. Every amount of an
 * order (margin, fee, their sum) is at the 6 places margin is kept to, like profit, so the order
 * card's figures line up and a fee of 0.005 is not shown as 0.01 (docs/decisions.md "Numbers as
 * traders read them").
 */
export const MONEY_PLACES = { balance: 2, profit: 6, orderAmount: 6 } as const;

/**
 * An amount sent by the server as decimal text, rounded half up once to `places` on the text (no
 * binary float) and written in the reader's language: "99896.27335" at 2 places is "99,896.27" in
 * English, "99.896,27" in German. Text that is not a decimal is shown as it is.
 */
export function formatMoneyText(amount: string, places: number, language?: Language): string {
  return formatDecimal(amount, { places, language });
}

/** An order amount (margin, fee, required cost) at the order's 6 places: "103.476650", "0.250000". */
export function formatOrderAmount(amount: string, language?: Language): string {
  return formatMoneyText(amount, MONEY_PLACES.orderAmount, language);
}

/**
 * An amount with its sign always written, for profits and ledger moves: "+12.50", "-0.25", and
 * "0.00" without a sign. The sign is taken after rounding, so -0.001 at 2 places is "0.00".
 */
export function formatSignedMoney(amount: string, places: number, language?: Language): string {
  return formatDecimal(amount, { places, sign: 'always', language });
}

/** Which colour an amount takes: up (green) for a gain, down (red) for a loss, flat for zero. */
export function toneOfAmount(amount: string): 'up' | 'down' | 'flat' {
  const sign = signOfDecimalText(amount);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}
