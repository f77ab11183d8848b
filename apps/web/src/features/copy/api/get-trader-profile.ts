import { TraderProfile } from '@meridian/contract/copy';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COPY_KEYS } from './copy-keys';

/** GET /api/follow/trader?id=: a trader's statistics, equity curve, recent orders and my follow of them. */
export function getTraderProfile(traderId: number, signal?: AbortSignal): Promise<TraderProfile> {
  return api.get('/api/follow/trader', { id: traderId }, { schema: TraderProfile, signal });
}

/**
 * The profile, keyed by the session too: `my_follow` and `is_me` depend on who asks, so a login
 * never shows a visitor's copy of the profile (or another account's).
 */
export function useTraderProfile(traderId: number | null, sessionKey: string) {
  return useQuery({
    queryKey: [...COPY_KEYS.trader(traderId ?? 0), sessionKey],
    queryFn: ({ signal }) => getTraderProfile(traderId ?? 0, signal),
    enabled: traderId !== null,
  });
}
