import type { Order, OrderState } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import { signOfDecimalText } from '../../../lib/decimal-text';

/** Translation keys of an order's words (literal, so the locale test can find them). */
export const SIDE_KEYS = { buy: 'orders.side.buy', sell: 'orders.side.sell' } as const;

export const STATE_KEYS: Record<OrderState, string> = {
  pending: 'orders.state.pending',
  holding: 'orders.state.holding',
  closed: 'orders.state.closed',
  cancelled: 'orders.state.cancelled',
};

export function sideOf(order: Pick<Order, 'OrderType'>): 'buy' | 'sell' {
  return order.OrderType === ORDER_TYPE.buy ? 'buy' : 'sell';
}

/** A stop or target price that is set; "0" (or nothing) means unset. */
export function isSetPrice(price: string): boolean {
  return signOfDecimalText(price) > 0;
}
