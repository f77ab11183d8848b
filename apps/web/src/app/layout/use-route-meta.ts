import { useMatches } from 'react-router';
import type { RouteMeta } from '../route-meta';

const UNKNOWN_ROUTE: RouteMeta = {
  path: '*',
  titleKey: 'nav.notFound',
  tab: false,
  footer: false,
  keepAlive: false,
  requiresLogin: false,
};

function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null && 'titleKey' in value && 'keepAlive' in value;
}

/** The meta of the route being shown (the deepest match that has one). */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return UNKNOWN_ROUTE;
}
