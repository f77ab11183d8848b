import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { AppRoutes } from '../app/router';
import { RouterBridge, RouterHandle } from '../app/router-handle';

export type AppRouter = RouterHandle;

/** Renders the whole app at a path, as a page test's browser would open it, with a fresh query cache. */
export function renderAppAt(path: string): AppRouter {
  const url = new URL(path, 'http://localhost');
  const router = new RouterHandle(url);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RouterBridge handle={router} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return router;
}

/** The path and query the app shows now. */
export const currentPath = (router: AppRouter) =>
  router.state.location.pathname + router.state.location.search;
