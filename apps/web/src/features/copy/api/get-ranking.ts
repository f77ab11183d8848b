import { RankingList, type RankingSort } from '@meridian/contract/copy';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COPY_KEYS } from './copy-keys';

/** GET /api/follow/list?sort=: the ranked traders (spec section 3 "Ranking entry"), no login needed. */
export function getRanking(sort: RankingSort, signal?: AbortSignal): Promise<RankingList> {
  return api.get('/api/follow/list', { sort }, { schema: RankingList, signal });
}

export function useRanking(sort: RankingSort) {
  return useQuery({
    queryKey: COPY_KEYS.ranking(sort),
    queryFn: ({ signal }) => getRanking(sort, signal),
    // The server computes the statistics again at most every 15 s; asking more often shows nothing new.
    staleTime: 15_000,
  });
}
