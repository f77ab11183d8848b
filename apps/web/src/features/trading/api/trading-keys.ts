import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_DETAIL_KEY } from '../../../lib/get-account-detail';

/** The order list tabs (spec section 4): holding (1), dealing = pending (0), history (3). */
export type OrderTab = 'holding' | 'pending' | 'history';

/** Query keys of the account's trading data; all under one root, so one call refreshes them. */
export const TRADING_KEYS = {
  root: ['trading'] as const,
  balance: ['trading', 'balance'] as const,
  detail: ACCOUNT_DETAIL_KEY,
  orders: (tab: OrderTab) => ['trading', 'orders', tab] as const,
  execution: (orderId: number) => ['trading', 'execution', orderId] as const,
};

/** After anything that moves money or orders: balance, account figures and the order tabs again. */
export function refreshTradingData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: TRADING_KEYS.root });
}
