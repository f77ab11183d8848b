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
