import { type NewsCategory, NewsCategoryList } from '@meridian/contract/content';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';

/** GET /api/news/category_list: the categories, named in the request's language. */
export function getNewsCategories(signal?: AbortSignal): Promise<NewsCategory[]> {
  return api.get('/api/news/category_list', undefined, { schema: NewsCategoryList, signal });
}

export function useNewsCategories() {
  return useQuery({
    queryKey: ['news', 'categories'],
    queryFn: ({ signal }) => getNewsCategories(signal),
    staleTime: WEB_LIMITS.newsCategoriesStaleMs,
  });
}
