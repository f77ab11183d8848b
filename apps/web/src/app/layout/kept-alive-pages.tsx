import { Activity, Suspense, useEffect, useState } from 'react';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { KEPT_ALIVE_ROUTES, pageComponentOf } from '../route-table';

type KeptAlivePagesProps = {
  /** The kept-alive route being shown, or null when another page is on screen. */
  activePath: string | null;
};

/**
 * The spec's "kept alive" pages: once opened, a page stays mounted and is hidden with React's
 * <Activity> (its state and scroll-free DOM survive; its effects pause) instead of unmounting.
 * Pages are mounted on first visit only, so an unopened tab costs nothing.
 */
export function KeptAlivePages({ activePath }: KeptAlivePagesProps) {
  const [visited, setVisited] = useState<readonly string[]>(activePath ? [activePath] : []);
  const shown = activePath && !visited.includes(activePath) ? [...visited, activePath] : visited;

  useEffect(() => {
    if (activePath) setVisited((paths) => (paths.includes(activePath) ? paths : [...paths, activePath]));
  }, [activePath]);

  return (
    <>
      {KEPT_ALIVE_ROUTES.filter((entry) => shown.includes(entry.path)).map((entry) => {
        const Page = pageComponentOf(entry);
        return (
          <Activity key={entry.path} mode={entry.path === activePath ? 'visible' : 'hidden'}>
            <AreaErrorBoundary>
              <Suspense fallback={null}>
                <Page meta={entry} />
              </Suspense>
            </AreaErrorBoundary>
          </Activity>
        );
      })}
    </>
  );
}
