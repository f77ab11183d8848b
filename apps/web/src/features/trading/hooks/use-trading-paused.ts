import { useLiveState } from '../../../lib/realtime/use-live-state';

/**
 * Whether trading waits for live prices: while the prices shown are not live (the socket lost or
 * not yet open past the grace, lib/realtime/live-state.ts), an order, a close or new stops would be
 * decided on figures the customer cannot see, and the call would likely fail in transit. The
 * buttons that act at the market are disabled meanwhile, saying why (TradingPausedNote), and come
 * back the moment the socket is open again.
 */
export function useTradingPaused(): boolean {
  return useLiveState() !== 'live';
}
