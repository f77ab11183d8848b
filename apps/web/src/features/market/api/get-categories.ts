import { type Category, CategoryList } from '@meridian/contract/market';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';

/** GET /v1/api/forex/categories: names come in the request's language (a language switch refetches). */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get('/v1/api/forex/categories', undefined, { schema: CategoryList, signal });
}

export function useCategories() {
  return useQuery({
    queryKey: ['market', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: WEB_LIMITS.marketCategoriesStaleMs,
  });
}
