import { RankingList, type RankingSort } from '@meridian/contract/copy';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';
import { COPY_KEYS } from './copy-keys';

/** GET /api/follow/list?sort=: the ranked traders (spec section 3 "Ranking entry"), no login needed. */
export function getRanking(sort: RankingSort, signal?: AbortSignal): Promise<RankingList> {
  return api.get('/api/follow/list', { sort }, { schema: RankingList, signal });
}

export function useRanking(sort: RankingSort) {
  return useQuery({
    queryKey: COPY_KEYS.ranking(sort),
    queryFn: ({ signal }) => getRanking(sort, signal),
    staleTime: WEB_LIMITS.rankingStaleMs,
  });
}
