import { NewsDetail } from '@meridian/contract/content';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/news/info: one story with its sanitized HTML content; shows the loader (spec section 7). */
export function getNewsInfo(id: number, signal?: AbortSignal): Promise<NewsDetail> {
  return api.get('/api/news/info', { id }, { schema: NewsDetail, loading: true, signal });
}

export function useNewsInfo(id: number | null) {
  return useQuery({
    queryKey: ['news', 'info', id],
    queryFn: ({ signal }) => getNewsInfo(id ?? 0, signal),
    enabled: id !== null,
  });
}
