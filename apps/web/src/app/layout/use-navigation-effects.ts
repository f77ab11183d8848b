import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { refreshTradeList } from '../../features/market/api/get-trade-list';
import { ensureRealtimeConnected } from '../../lib/realtime/realtime';

/** The pages that show the trade list (spec section 2). */
const TRADE_LIST_PATHS = new Set(['/', '/trade']);

/**
 * Spec section 2: on every navigation the realtime socket is initialised, and on / and /trade the
 * trade list is refreshed. Choosing another instrument or period on /trade changes only the query
 * string: that is not a new visit, so it does not reload the list.
 */
export function useNavigationEffects(): void {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input.
  useEffect(() => {
    ensureRealtimeConnected();
  }, [pathname, search]);

  useEffect(() => {
    if (TRADE_LIST_PATHS.has(pathname)) void refreshTradeList(queryClient);
  }, [pathname, queryClient]);
}
