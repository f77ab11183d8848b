import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/** Numbered lists of the API start at page 1. */
export const FIRST_PAGE = 1;

/** What a numbered page says about its place in the whole list. */
export type PageCounts = { page: number; limit: number; total: number };

/**
 * The page to ask for after `last`, while the pages so far hold fewer items than the list's total.
 * An empty page ends the paging too: a list that shrank while the reader paged (an order closed, a
 * story withdrawn) would otherwise keep asking for pages past its end.
 */
export function nextPageAfter(last: PageCounts, itemsOnPage: number): number | undefined {
  return last.page * last.limit < last.total && itemsOnPage > 0 ? last.page + 1 : undefined;
}

/**
 * Pull-to-refresh on a paged list: it starts again from its first page, the pages further down
 * dropped, so the list reads again what the customer sees first.
 */
export async function restartFromFirstPage(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  queryClient.setQueryData<InfiniteData<unknown, number>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.refetchQueries({ queryKey, exact: true });
}
