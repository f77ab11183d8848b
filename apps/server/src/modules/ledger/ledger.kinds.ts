/** The three buckets of an account (ARCHITECTURE.md Principle 1). */
export const LEDGER_BUCKETS = ['balance', 'lock', 'margin'] as const;
export type LedgerBucket = (typeof LEDGER_BUCKETS)[number];

/**
 * Why money moved. Money entering or leaving is one entry; a move between buckets is a pair of
 * entries that sum to zero. Each kind has a memo key of the same name under `ledger.` in the server
 * locales, which the billing history translates.
 */
export const LEDGER_KINDS = [
  /** Virtual money given to a new demo account. */
  'demo_credit',
  /** A demo account put back to its virtual balance. */
  'demo_reset',
  /** A deposit approved by the back office. */
  'deposit',
  /** A withdrawal request: balance to lock. */
  'withdraw_lock',
  /** A rejected withdrawal: lock back to balance. */
  'withdraw_unlock',
  /** An approved withdrawal leaves the lock. */
  'withdraw_paid',
  /** Margin reserved for an order: balance to the order's margin. */
  'margin_reserve',
  /** Margin released when an order closes or is cancelled: the order's margin back to balance. */
  'margin_release',
  /** A trading fee. */
  'trade_fee',
  /** The fee of a pending order given back when it is cancelled before it fills. */
  'trade_fee_refund',
  /** Profit or loss realised when an order closes. */
  'realized_pnl',
  /** Negative balance protection: a balance below zero after a close is brought back to zero. */
  'negative_balance_reset',
  /** A manual adjustment by the back office, with an author and a reason. */
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export type AccountMode = 'real' | 'demo';
