import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { requireLogin } from './require-login';
import { ROUTE_TABLE, type RouteEntry } from './route-table';

// Both draw antd's ErrorBlock, which a healthy first screen does not need.
const RouteErrorRoute = lazy(() =>
  import('./routes/route-error').then((module) => ({ default: module.RouteErrorRoute })),
);

/**
 * Kept-alive pages are rendered by the layout itself (so they survive navigation); their route
 * still exists here for matching, the login guard and the meta in `handle`.
 */
function routeObjectOf(entry: RouteEntry): RouteObject {
  const base = { path: entry.path, handle: entry, loader: entry.requiresLogin ? requireLogin : undefined };
  if (entry.keepAlive) return { ...base, element: null };
  const page = entry.page;
  if (page.kind === 'eager') return { ...base, element: <page.Page meta={entry} /> };
  return {
    ...base,
    lazy: async () => {
      const Page = await page.load();
      return { element: <Page meta={entry} /> };
    },
  };
}

export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTE_TABLE.map(routeObjectOf);
  children.push({
    path: '*',
    lazy: async () => {
      const { NotFoundRoute } = await import('./routes/not-found');
      return { element: <NotFoundRoute /> };
    },
  });
  return [
    {
      element: <AppLayout />,
      errorElement: (
        <Suspense fallback={null}>
          <RouteErrorRoute />
        </Suspense>
      ),
      hydrateFallbackElement: <div className="boot" />,
      children,
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
