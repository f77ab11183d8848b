import type { QueryClient } from '@tanstack/react-query';
import { applyPushToQuery } from '../../../lib/query-push';
import { useOrderMarksStore } from '../stores/order-marks-store';
import { type OrderPages, withoutOrder } from '../utils/order-pages';
import { TRADING_KEYS } from './trading-keys';

/**
 * An order closed or was cancelled: it leaves the holding and pending tabs at once (spec section 4),
 * before the lists are fetched again, and its live mark is dropped.
 */
export function removeEndedOrder(queryClient: QueryClient, orderId: number): void {
  for (const tab of ['holding', 'pending'] as const) {
    void applyPushToQuery<OrderPages>(queryClient, TRADING_KEYS.orders(tab), (data) =>
      withoutOrder(data, orderId),
    );
  }
  useOrderMarksStore.getState().forget(orderId);
}
