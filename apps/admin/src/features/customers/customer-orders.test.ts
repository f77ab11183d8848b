import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import { describe, expect, it } from 'vitest';
import { ORDER_TABS, orderSide, orderTime } from './customer-orders';

describe('orderTime', () => {
  it('is when the order closed, else opened, else was placed', () => {
    const placed = { CreateTime: 1_000, OpenTime: 0, CloseTime: 0 };
    expect(orderTime(placed)).toBe(1_000);
    expect(orderTime({ ...placed, OpenTime: 2_000 })).toBe(2_000);
    expect(orderTime({ ...placed, OpenTime: 2_000, CloseTime: 3_000 })).toBe(3_000);
  });
});

describe('orderSide', () => {
  it('shows a buy in green and a sell in red', () => {
    expect(orderSide({ OrderType: ORDER_TYPE.buy })).toEqual({ color: 'green', labelKey: 'customers.buy' });
    expect(orderSide({ OrderType: ORDER_TYPE.sell })).toEqual({ color: 'red', labelKey: 'customers.sell' });
  });
});

describe('ORDER_TABS', () => {
  it('offers open positions first', () => {
    expect(ORDER_TABS).toEqual(['holding', 'pending', 'history']);
  });
});
