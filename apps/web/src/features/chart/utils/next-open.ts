import { nextOpenMs } from '@meridian/domain/market-session';

/**
 * When a closed market opens again. Only instruments on the weekly session ever close (crypto
 * trades always), so the next open is the next Sunday 22:00 UTC; null when the session says the
 * market should be open now (closed for another reason), so no wrong time is promised.
 */
export function nextMarketOpenMs(nowMs: number): number | null {
  const opensMs = nextOpenMs('weekly', nowMs);
  return opensMs > nowMs ? opensMs : null;
}
