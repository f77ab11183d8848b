import { StopFollowAnswer } from '@meridian/contract/copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshCopyData } from './copy-keys';

/**
 * POST /api/follow/stop: stops copying for good. With `closeCopies` the open copies close at the
 * market too; without, they stay open as the follower's own orders.
 */
export function stopFollow(followId: number, closeCopies: boolean): Promise<StopFollowAnswer> {
  return api.post(
    '/api/follow/stop',
    { id: followId, close_copies: closeCopies ? 1 : 0 },
    { schema: StopFollowAnswer },
  );
}

export function useStopFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ followId, closeCopies }: { followId: number; closeCopies: boolean }) =>
      stopFollow(followId, closeCopies),
    onSuccess: () => refreshCopyData(queryClient),
  });
}
