import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { isLoggedIn } from '../../features/auth/stores/user-store';
import { loginPathFrom } from '../../lib/return-path';
import type { RouteMeta } from '../route-meta';

/**
 * Where a visitor who opened a login-only page is sent instead (/login?from=<the page with its
 * query>), or null to show the page. Decided once per navigation, as a router loader would be: a
 * session ending on the page is the API client's to handle (it sends the customer to log in), and a
 * logout's own navigation is not raced by a second one from here.
 */
export function useLoginGuard(meta: RouteMeta): string | null {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) is decided once.
  return useMemo(
    () => (meta.requiresLogin && !isLoggedIn() ? loginPathFrom(location.pathname + location.search) : null),
    [location.key, meta.requiresLogin],
  );
}
