import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { buildRoutes } from '../app/router';

export type AppRouter = ReturnType<typeof createMemoryRouter>;

/** Renders the whole app at a path, as a page test's browser would open it, with a fresh query cache. */
export function renderAppAt(path: string): AppRouter {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The path and query the app shows now. */
export const currentPath = (router: AppRouter) =>
  router.state.location.pathname + router.state.location.search;
