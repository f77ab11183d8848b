import type { Order, OrderList } from '@meridian/contract/trading';
import { describe, expect, it } from 'vitest';
import { orderFixture } from '../../../testing/order-fixtures';
import { type OrderPages, ordersOf, unknownOrderIds, withoutOrder } from './order-pages';

function page(orders: Order[], number: number, total: number, limit = 2): OrderList {
  return { data: orders, total, all_fact_profits: '0.000000', balance: '1000', page: number, limit };
}

const ONE = orderFixture({ Id: 1 });
const TWO = orderFixture({ Id: 2 });
const THREE = orderFixture({ Id: 3 });
const PAGES: OrderPages = { pages: [page([ONE, TWO], 1, 3), page([TWO, THREE], 2, 3)], pageParams: [1, 2] };

describe('ordersOf', () => {
  it('lists each order once, in page order, when a live tab shifted between pages', () => {
    expect(ordersOf(PAGES).map((order) => order.Id)).toEqual([1, 2, 3]);
    expect(ordersOf(undefined)).toEqual([]);
  });
});

describe('withoutOrder', () => {
  it('removes a closed order from every page and lowers the total', () => {
    const next = withoutOrder(PAGES, 2);
    expect(ordersOf(next).map((order) => order.Id)).toEqual([1, 3]);
    expect(next?.pages.map((item) => item.total)).toEqual([2, 2]);
    expect(next?.pageParams).toEqual([1, 2]);
  });

  it('leaves the data as it is when the order is not there', () => {
    expect(withoutOrder(PAGES, 99)).toBe(PAGES);
    expect(withoutOrder(undefined, 1)).toBeUndefined();
  });
});

describe('unknownOrderIds', () => {
  it('names the orders of a push that the list does not hold (a pending order that filled)', () => {
    expect(unknownOrderIds([1, 3, 4], PAGES)).toEqual([4]);
    expect(unknownOrderIds([1, 2], PAGES)).toEqual([]);
  });
});
