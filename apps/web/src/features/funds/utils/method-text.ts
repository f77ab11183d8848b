import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import type { DrawMethod } from '@meridian/contract/wallet';
import { WEB_LIMITS } from '../../../lib/limits';

/** Digits of a bank account shown in a one-line summary, as banks show a card's last four. */
const BANK_ACCOUNT_END_CHARS = 4;

/**
 * A long address or account shortened in the middle for a list ("TQ4k7x…9fWp2e"); short ones stay
 * whole. The full text is shown where the customer checks it (the wallet's own lists).
 */
export function shortened(text: string, endChars: number = WEB_LIMITS.accountEndsShownChars): string {
  return text.length <= endChars * 2 + 1 ? text : `${text.slice(0, endChars)}…${text.slice(-endChars)}`;
}

/** The last digits of an account, the way banks show a card: "•••• 3000". */
export function accountEnd(account: string): string {
  return account.length <= BANK_ACCOUNT_END_CHARS
    ? account
    : `•••• ${account.slice(-BANK_ACCOUNT_END_CHARS)}`;
}

/**
 * Where a withdrawal to this method goes: the whole address (the customer checks it against their
 * wallet before sending money to it), or the bank and the account's last digits.
 */
export function methodLine(method: DrawMethod): string {
  if (method.type === DRAW_TYPE.coin) return method.dc_address;
  return `${method.bank_name} ${accountEnd(method.payee_account)}`;
}

/** A currency with its network when it has one: "USDT · TRC20", "USD". */
export function currencyLabel(code: string, protocol: string): string {
  return protocol ? `${code} · ${protocol}` : code;
}
