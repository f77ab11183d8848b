import { LIMITS } from '@meridian/contract/limits';
import { SupportHistory } from '@meridian/contract/support';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { olderPageParam } from '../utils/chat-pages';

export const SUPPORT_MESSAGES_QUERY_KEY = ['support', 'messages'] as const;

/** GET /api/support/messages: the newest page, or the one ending just before `before`; oldest first. */
export function getSupportMessages(
  before: number | undefined,
  signal?: AbortSignal,
): Promise<SupportHistory> {
  return api.get(
    '/api/support/messages',
    { before, limit: LIMITS.supportPageSizeDefault },
    { schema: SupportHistory, signal },
  );
}

/**
 * The conversation, paged backwards: the first page is the newest, each further page is older.
 * Image addresses in it are signed for a few minutes, so it is asked again on every visit.
 */
export function useSupportMessages() {
  return useInfiniteQuery({
    queryKey: SUPPORT_MESSAGES_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getSupportMessages(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderPageParam,
    staleTime: 0,
  });
}
