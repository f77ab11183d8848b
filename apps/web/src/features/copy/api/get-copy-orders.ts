import { CopyOrderList } from '@meridian/contract/copy';
import { LIMITS } from '@meridian/contract/limits';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';
import { FIRST_PAGE, nextPageAfter, restartFromFirstPage } from '../../../lib/next-page';
import { COPY_KEYS, COPY_ORDER_STATUS, type CopyOrderTab } from './copy-keys';

/**
 * Copies per page. History pages at the list's size (the 10 skeleton rows); holding asks for the
 * largest page, since copies open and close with the trader while the customer looks.
 */
const PAGE_SIZE: Record<CopyOrderTab, number> = {
  holding: LIMITS.pageSizeMax,
  history: LIMITS.copyOrdersPageSizeDefault,
};

/** GET /api/follow/copy_orders: one page of my copied orders, open (1) or closed (3). */
export function getCopyOrders(tab: CopyOrderTab, page: number, signal?: AbortSignal): Promise<CopyOrderList> {
  return api.get(
    '/api/follow/copy_orders',
    { status: COPY_ORDER_STATUS[tab], page, limit: PAGE_SIZE[tab] },
    // Silent: the open copies are read every few seconds; the list shows its own notice on failure.
    { schema: CopyOrderList, signal, silent: true },
  );
}

export function useCopyOrders(tab: CopyOrderTab, enabled = true) {
  return useInfiniteQuery({
    queryKey: COPY_KEYS.orders(tab),
    queryFn: ({ pageParam, signal }) => getCopyOrders(tab, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => nextPageAfter(last, last.data.length),
    enabled,
    staleTime: 0,
    refetchInterval: tab === 'holding' ? WEB_LIMITS.copyHoldingRefreshMs : false,
  });
}

/** Pull-to-refresh starts the tab again from its first page, dropping the pages further down. */
export function restartCopyOrders(queryClient: QueryClient, tab: CopyOrderTab): Promise<void> {
  return restartFromFirstPage(queryClient, COPY_KEYS.orders(tab));
}
