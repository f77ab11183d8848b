import { RealNameCenter } from '@meridian/contract/kyc';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const REAL_NAME_QUERY_KEY = ['kyc', 'center'] as const;

/** GET /api/user_real/center: the review state and the latest submission (masked, signed photos). */
export function getRealNameCenter(signal?: AbortSignal): Promise<RealNameCenter> {
  return api.get('/api/user_real/center', undefined, { schema: RealNameCenter, signal });
}

/**
 * Always fresh: the review may have moved since the page was last open, and the photo addresses
 * are signed for a few minutes only.
 */
export function useRealNameCenter() {
  return useQuery({
    queryKey: REAL_NAME_QUERY_KEY,
    queryFn: ({ signal }) => getRealNameCenter(signal),
    staleTime: 0,
  });
}
