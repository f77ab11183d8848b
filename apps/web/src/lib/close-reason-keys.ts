import type { CloseReason } from '@meridian/contract/trading';

/**
 * Why an order or a copy closed: translation keys (literal, so the locale test can find them),
 * shared by the order pages and the copy pages, which say it in the same words.
 */
export const CLOSE_REASON_KEYS: Record<CloseReason, string> = {
  user: 'orders.reason.user',
  stop_loss: 'orders.reason.stop_loss',
  take_profit: 'orders.reason.take_profit',
  stop_out: 'orders.reason.stop_out',
  demo_reset: 'orders.reason.demo_reset',
  trader_closed: 'orders.reason.trader_closed',
  copy_stopped: 'orders.reason.copy_stopped',
};
