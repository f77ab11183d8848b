/** Deposit record `type`: 0 coin, 1 bank wire (spec: 0 coin, else bank). */
export const DEPOSIT_TYPE = { coin: 0, bank: 1 } as const;
/** Withdraw currency, method and record `type`: 1 coin address, 2 bank account (spec section 7). */
export const DRAW_TYPE = { coin: 1, bank: 2 } as const;
/** Spec section 4: the same four states for deposits and withdrawals (3 is used by deposits only). */
export const FUNDS_STATUS = { unchecked: 0, finished: 1, rejected: 2, invalid: 3 } as const;
/** Withdraw fee_type: 1 a fixed fee in USDT, anything else number x draw_rate. */
export const FEE_TYPE_FIXED = 1;
