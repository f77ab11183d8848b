import type { Language } from '@meridian/contract/languages';
import * as moneyFormat from '@meridian/web-kit/money-format';
import { signOfDecimalText } from './decimal-text';
import { currentLanguage } from './number-format';

/**
 * Places of money as shown (spec section 9): balances at 2 decimals, profit at 6. Every amount of an
 * order (margin, fee, their sum) is at the 6 places margin is kept to, like profit, so the order
 * card's figures line up and a fee of 0.005 is not shown as 0.01 (docs/decisions.md "Numbers as
 * traders read them").
 */
export const MONEY_PLACES = { balance: 2, profit: 6, orderAmount: 6 } as const;

/** An amount at `places`, in the interface language unless one is given (web-kit's formatMoneyText). */
export function formatMoneyText(
  amount: string,
  places: number,
  language: Language = currentLanguage(),
): string {
  return moneyFormat.formatMoneyText(amount, places, language);
}

/** An order amount (margin, fee, required cost) at the order's 6 places: "103.476650", "0.250000". */
export function formatOrderAmount(amount: string, language?: Language): string {
  return formatMoneyText(amount, MONEY_PLACES.orderAmount, language);
}

/** An amount with its sign always written ("+12.50", "0.00"), as web-kit's formatSignedMoney. */
export function formatSignedMoney(
  amount: string,
  places: number,
  language: Language = currentLanguage(),
): string {
  return moneyFormat.formatSignedMoney(amount, places, language);
}

/** Which colour an amount takes: up (green) for a gain, down (red) for a loss, flat for zero. */
export function toneOfAmount(amount: string): 'up' | 'down' | 'flat' {
  const sign = signOfDecimalText(amount);
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}
