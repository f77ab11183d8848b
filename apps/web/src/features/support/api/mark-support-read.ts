import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SUPPORT_UNREAD_QUERY_KEY } from './get-support-unread';

/** POST /api/support/read: everything the agents wrote so far has been seen. */
export function markSupportRead(): Promise<unknown> {
  return api.post('/api/support/read', undefined, { silent: true });
}

export function useMarkSupportRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSupportRead,
    onSuccess: () => queryClient.setQueryData(SUPPORT_UNREAD_QUERY_KEY, 0),
  });
}
