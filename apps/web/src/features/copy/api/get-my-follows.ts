import { FollowList } from '@meridian/contract/copy';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';
import { COPY_KEYS } from './copy-keys';

/** GET /api/follow/my_follows: the traders I follow, with my settings and results (login). */
export function getMyFollows(signal?: AbortSignal): Promise<FollowList> {
  // Silent: it is read every few seconds, and the page shows its own notice when it cannot load.
  return api.get('/api/follow/my_follows', undefined, { schema: FollowList, signal, silent: true });
}

export function useMyFollows(enabled = true) {
  return useQuery({
    queryKey: COPY_KEYS.follows,
    queryFn: ({ signal }) => getMyFollows(signal),
    enabled,
    refetchInterval: WEB_LIMITS.followsRefreshMs,
  });
}
