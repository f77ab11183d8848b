import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { requireLogin } from './require-login';
import { ROUTE_TABLE } from './route-table';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorRoute } from './routes/route-error';

/**
 * Kept-alive pages are rendered by the layout itself (so they survive navigation); their route
 * still exists here for matching, the login guard and the meta in `handle`.
 */
export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTE_TABLE.map((entry) => ({
    path: entry.path,
    handle: entry,
    loader: entry.requiresLogin ? requireLogin : undefined,
    element: entry.keepAlive ? null : <entry.Page meta={entry} />,
  }));
  children.push({ path: '*', element: <NotFoundRoute /> });
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteErrorRoute />,
      hydrateFallbackElement: <div className="boot" />,
      children,
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
