import type { Order } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import type { OrderTab } from './customers-api';

/** The orders tab's filters: open positions first, then pending orders, then the history. */
export const ORDER_TABS: OrderTab[] = ['holding', 'pending', 'history'];

/**
 * An order's moment as the tab shows it (Unix ms, 0 for none): when it closed, else when it opened,
 * else when it was placed.
 */
export function orderTime(order: Pick<Order, 'CloseTime' | 'OpenTime' | 'CreateTime'>): number {
  return order.CloseTime || order.OpenTime || order.CreateTime;
}

/** An order's side: a buy in green, a sell in red. */
export function orderSide(order: Pick<Order, 'OrderType'>): { color: 'green' | 'red'; labelKey: string } {
  return order.OrderType === ORDER_TYPE.buy
    ? { color: 'green', labelKey: 'customers.buy' }
    : { color: 'red', labelKey: 'customers.sell' };
}
