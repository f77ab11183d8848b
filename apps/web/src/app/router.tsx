import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AreaErrorBoundary } from '../components/error-boundary';
import { AppLayout } from './layout/app-layout';
import { pageComponentOf, ROUTE_TABLE, type RouteEntry } from './route-table';

// Both draw antd's ErrorBlock, which a healthy first screen does not need.
const RouteErrorRoute = lazy(() =>
  import('./routes/route-error').then((module) => ({ default: module.RouteErrorRoute })),
);
const NotFoundRoute = lazy(() =>
  import('./routes/not-found').then((module) => ({ default: module.NotFoundRoute })),
);

function RoutePage({ entry }: { entry: RouteEntry }) {
  const Page = pageComponentOf(entry);
  return <Page meta={entry} />;
}

/**
 * Every route of the table under the shell. React Router's declarative routes, not its data router:
 * the app loads no data through the router, and the data router's machinery is 16 KB gzip of the
 * first download (docs/decisions.md "Web critical path"). The shell renders the kept-alive pages
 * itself (so they survive navigation): their routes exist for matching only. The login guard and the
 * page's meta come from the same table (layout/use-route-meta.ts, layout/use-login-guard.ts).
 */
export function AppRoutes() {
  return (
    <AreaErrorBoundary
      fallback={() => (
        <Suspense fallback={null}>
          <RouteErrorRoute />
        </Suspense>
      )}
    >
      <Routes>
        <Route element={<AppLayout />}>
          {ROUTE_TABLE.map((entry) => (
            <Route
              key={entry.path}
              path={entry.path}
              element={entry.keepAlive ? null : <RoutePage entry={entry} />}
            />
          ))}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </AreaErrorBoundary>
  );
}
