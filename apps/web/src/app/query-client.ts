import { QueryClient } from '@tanstack/react-query';
import { WEB_LIMITS } from '../lib/limits';

/**
 * Every failure has already been toasted by the API client, so a silent retry would only repeat
 * the message; the customer retries by acting again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: WEB_LIMITS.queryStaleMsDefault },
      mutations: { retry: false },
    },
  });
}
