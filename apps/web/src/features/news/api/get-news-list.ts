import { NewsList } from '@meridian/contract/content';
import { LIMITS } from '@meridian/contract/limits';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_PAGE, nextPageAfter, restartFromFirstPage } from '../../../lib/next-page';

/** null: every category (the "All" tab). */
export type NewsCategoryFilter = number | null;

export function newsListKey(categoryId: NewsCategoryFilter) {
  return ['news', 'list', categoryId ?? 'all'] as const;
}

/** GET /api/news/list: one page of a category (or of all), newest first, in the reader's language. */
export function getNewsList(
  categoryId: NewsCategoryFilter,
  page: number,
  signal?: AbortSignal,
): Promise<NewsList> {
  return api.get(
    '/api/news/list',
    { category_id: categoryId ?? undefined, page, limit: LIMITS.newsPageSizeDefault },
    { schema: NewsList, signal },
  );
}

/** The endless list of spec section 2: pages are added as the reader scrolls. */
export function useNewsList(categoryId: NewsCategoryFilter) {
  return useInfiniteQuery({
    queryKey: newsListKey(categoryId),
    queryFn: ({ pageParam, signal }) => getNewsList(categoryId, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => nextPageAfter(last, last.list.length),
  });
}

/**
 * Pull-to-refresh starts the list again from its first page: the pages loaded further down are
 * dropped rather than fetched again one by one.
 */
export function restartNewsList(queryClient: QueryClient, categoryId: NewsCategoryFilter): Promise<void> {
  return restartFromFirstPage(queryClient, newsListKey(categoryId));
}
