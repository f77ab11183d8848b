import type { Category } from '@meridian/contract/market';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';
import { WEB_LIMITS } from '../../../lib/limits';

const categoryListSchema = lazySchema(() =>
  import('@meridian/contract/market').then((contract) => contract.CategoryList),
);

/** GET /v1/api/forex/categories: names come in the request's language (a language switch refetches). */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get('/v1/api/forex/categories', undefined, { schema: categoryListSchema, signal });
}

export function useCategories() {
  return useQuery({
    queryKey: ['market', 'categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: WEB_LIMITS.marketCategoriesStaleMs,
  });
}
