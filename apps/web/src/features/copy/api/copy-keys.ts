import type { RankingSort } from '@meridian/contract/copy';
import type { QueryClient } from '@tanstack/react-query';

/** The copied-orders tabs: holding (status 1) and history (status 3). */
export type CopyOrderTab = 'holding' | 'history';

export const COPY_ORDER_STATUS: Record<CopyOrderTab, 1 | 3> = { holding: 1, history: 3 };

/** Query keys of copy trading; all under one root, so one call refreshes them after a change. */
export const COPY_KEYS = {
  root: ['copy'] as const,
  ranking: (sort: RankingSort) => ['copy', 'ranking', sort] as const,
  trader: (traderId: number) => ['copy', 'trader', traderId] as const,
  follows: ['copy', 'follows'] as const,
  orders: (tab: CopyOrderTab) => ['copy', 'orders', tab] as const,
  skips: (followId: number) => ['copy', 'skips', followId] as const,
  myTrader: ['copy', 'my-trader'] as const,
};

/** After a follow changed (made, edited, paused, resumed, stopped): profiles, follows and copies again. */
export function refreshCopyData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: COPY_KEYS.root });
}

/**
 * A copy opened or closed (a push, or the trader acted): the follows' results, the copied orders and
 * the profiles' own follows again; the ranking keeps its cache.
 */
export async function refreshFollowData(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [COPY_KEYS.follows, ['copy', 'orders'], ['copy', 'trader']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
