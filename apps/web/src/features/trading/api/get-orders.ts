import { LIMITS } from '@meridian/contract/limits';
import { ORDER_TAB, OrderList } from '@meridian/contract/trading';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, restartFromFirstPage } from '../../../lib/next-page';
import { type OrderTab, TRADING_KEYS } from './trading-keys';

/**
 * Orders per page. History pages at the list's size (the 10 skeleton rows); the live tabs ask for
 * the largest page, since their orders open and close while the customer scrolls and a second page
 * of a live tab is rare.
 */
const PAGE_SIZE: Record<OrderTab, number> = {
  holding: LIMITS.pageSizeMax,
  pending: LIMITS.pageSizeMax,
  history: LIMITS.orderPageSizeDefault,
};

/** GET /v1/api/forex/my_deal: one page of a tab, with the tab's total, profit total and the balance. */
export function getOrders(tab: OrderTab, page: number, signal?: AbortSignal): Promise<OrderList> {
  return api.get(
    '/v1/api/forex/my_deal',
    { status: ORDER_TAB[tab], page, limit: PAGE_SIZE[tab] },
    { schema: OrderList, signal },
  );
}

/** A tab of the order list, paged as the customer scrolls (spec section 2). */
export function useOrders(tab: OrderTab, enabled = true) {
  return useInfiniteQuery({
    queryKey: TRADING_KEYS.orders(tab),
    queryFn: ({ pageParam, signal }) => getOrders(tab, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => nextPageAfter(last, last.data.length),
    enabled,
    // Another screen (the order form, a stop firing) may have changed the tab meanwhile.
    staleTime: 0,
  });
}

/** Pull-to-refresh starts the tab again from its first page, dropping the pages further down. */
export function restartOrders(queryClient: QueryClient, tab: OrderTab): Promise<void> {
  return restartFromFirstPage(queryClient, TRADING_KEYS.orders(tab));
}
