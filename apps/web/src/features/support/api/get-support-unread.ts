import { SupportUnread } from '@meridian/contract/support';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';

export const SUPPORT_UNREAD_QUERY_KEY = ['support', 'unread'] as const;

/** GET /api/support/unread: agent messages the user has not read yet. Quiet: it is only a badge. */
export function getSupportUnread(signal?: AbortSignal): Promise<number> {
  return api
    .get('/api/support/unread', undefined, { schema: SupportUnread, silent: true, signal })
    .then((answer) => answer.unread);
}

export function useSupportUnread(enabled: boolean) {
  return useQuery({
    queryKey: SUPPORT_UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => getSupportUnread(signal),
    enabled,
    staleTime: 0,
    refetchInterval: WEB_LIMITS.supportUnreadRefreshMs,
  });
}
