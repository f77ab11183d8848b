import { Follow } from '@meridian/contract/copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshCopyData } from './copy-keys';

/** POST /api/follow/pause: no new copies until resumed; the open copies stay and still close with the trader. */
export function pauseFollow(followId: number): Promise<Follow> {
  return api.post('/api/follow/pause', { id: followId }, { schema: Follow, loading: true });
}

export function usePauseFollow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pauseFollow, onSuccess: () => refreshCopyData(queryClient) });
}
