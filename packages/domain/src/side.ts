/**
 * The direction of an order. The wire says 1 for buy and 2 for sell (spec section 4); the spec's
 * Order reads OrderType 1 as buy and anything else as sell.
 */
export type Side = 'buy' | 'sell';

export function sideOfOrderType(orderType: number): Side {
  return orderType === 1 ? 'buy' : 'sell';
}

export function orderTypeOf(side: Side): 1 | 2 {
  return side === 'buy' ? 1 : 2;
}
