import type { MarketStatusReason } from '@meridian/contract/market';
import { MARKET_STATUS } from '@meridian/contract/trading-codes';

/**
 * Why an instrument with a real price feed has no usable price: `stale`, no good quote
 * for a while (prices come back on their own); `unquoted`, the provider does not quote it (no feed
 * symbol, or the symbol was refused).
 */
export type PricesPaused = 'stale' | 'unquoted';

/**
 * The reason MarketStatus is what it is, null while open. A server from before real price feeds sends
 * no reason: its MarketStatus 0 is a closed market, as it always meant.
 */
export function statusReasonOf(status: 0 | 1, reason: MarketStatusReason | undefined): MarketStatusReason {
  if (status === MARKET_STATUS.open) return null;
  return reason ?? 'closed';
}

/** Whether (and why) prices are paused rather than the market closed; null when open or closed. */
export function pricesPausedOf(reason: MarketStatusReason): PricesPaused | null {
  if (reason === 'stale') return 'stale';
  if (reason === 'no_symbol' || reason === 'rejected') return 'unquoted';
  return null;
}
