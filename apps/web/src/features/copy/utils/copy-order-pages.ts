import type { CopyOrder, CopyOrderList } from '@meridian/contract/copy';
import type { InfiniteData } from '@tanstack/react-query';

export type CopyOrderPages = InfiniteData<CopyOrderList, number>;

/**
 * The copies of the loaded pages, each once: copies open and close while the customer pages, so an
 * order can come back on the next page; its first copy is kept, in place.
 */
export function copyOrdersOf(data: Pick<CopyOrderPages, 'pages'> | undefined): CopyOrder[] {
  if (!data) return [];
  const seen = new Set<number>();
  const orders: CopyOrder[] = [];
  for (const page of data.pages) {
    for (const order of page.data) {
      if (seen.has(order.Id)) continue;
      seen.add(order.Id);
      orders.push(order);
    }
  }
  return orders;
}
