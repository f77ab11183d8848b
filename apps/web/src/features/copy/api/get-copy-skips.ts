import { CopySkipList } from '@meridian/contract/copy';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COPY_KEYS } from './copy-keys';

/** GET /api/follow/skips?id=: the trader's orders this follow did not copy, and why (in my language). */
export function getCopySkips(followId: number, signal?: AbortSignal): Promise<CopySkipList> {
  return api.get('/api/follow/skips', { id: followId }, { schema: CopySkipList, signal });
}

export function useCopySkips(followId: number | null) {
  return useQuery({
    queryKey: COPY_KEYS.skips(followId ?? 0),
    queryFn: ({ signal }) => getCopySkips(followId ?? 0, signal),
    enabled: followId !== null,
    staleTime: 0,
  });
}
