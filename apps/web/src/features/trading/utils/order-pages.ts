import type { Order, OrderList } from '@meridian/contract/trading';
import type { InfiniteData } from '@tanstack/react-query';
import { firstOfEach } from '../../../lib/first-of-each';

export type OrderPages = InfiniteData<OrderList, number>;

/**
 * The orders of the loaded pages, each once. A live tab shifts under paging (an order opens or
 * closes between two pages), so the same order can come back on the next page: its first copy is
 * kept, in place.
 */
export function ordersOf(data: Pick<OrderPages, 'pages'> | undefined): Order[] {
  if (!data) return [];
  return firstOfEach(
    data.pages.map((page) => page.data),
    (order) => order.Id,
  );
}

/**
 * The pages without one order (spec section 4: a closed push removes the order from the holding
 * list), with the tab's total one lower. Unchanged pages (and data) keep their identity.
 */
export function withoutOrder(data: OrderPages | undefined, orderId: number): OrderPages | undefined {
  if (!data) return data;
  let removed = false;
  const pages = data.pages.map((page) => {
    const kept = page.data.filter((order) => order.Id !== orderId);
    if (kept.length === page.data.length) return page;
    removed = true;
    return { ...page, data: kept };
  });
  if (!removed) return data;
  return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - 1) })) };
}

/** Ids of orders a push names that the loaded list does not hold (a pending order that just filled). */
export function unknownOrderIds(
  pushIds: readonly number[],
  data: Pick<OrderPages, 'pages'> | undefined,
): number[] {
  const known = new Set(ordersOf(data).map((order) => order.Id));
  return pushIds.filter((id) => !known.has(id));
}
