import type { CopyOrder, CopyOrderList } from '@meridian/contract/copy';
import type { InfiniteData } from '@tanstack/react-query';
import { firstOfEach } from '../../../lib/first-of-each';

type CopyOrderPages = InfiniteData<CopyOrderList, number>;

/**
 * The copies of the loaded pages, each once: copies open and close while the customer pages, so an
 * order can come back on the next page; its first copy is kept, in place.
 */
export function copyOrdersOf(data: Pick<CopyOrderPages, 'pages'> | undefined): CopyOrder[] {
  if (!data) return [];
  return firstOfEach(
    data.pages.map((page) => page.data),
    (order) => order.Id,
  );
}
