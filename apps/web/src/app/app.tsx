import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { RouterBridge, type RouterHandle } from './router-handle';

type AppProps = { router: RouterHandle; queryClient: QueryClient };

export function App({ router, queryClient }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <RouterBridge handle={router} />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
