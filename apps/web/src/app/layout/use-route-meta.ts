import { useLocation } from 'react-router';
import type { RouteMeta } from '../route-meta';
import { routeEntryOf } from '../route-table';

const UNKNOWN_ROUTE: RouteMeta = {
  path: '*',
  titleKey: 'nav.notFound',
  tab: false,
  footer: false,
  keepAlive: false,
  requiresLogin: false,
};

/** The meta of the route being shown (the page not found's for an address no route has). */
export function useRouteMeta(): RouteMeta {
  const { pathname } = useLocation();
  return routeEntryOf(pathname) ?? UNKNOWN_ROUTE;
}
