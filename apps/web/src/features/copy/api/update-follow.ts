import { Follow } from '@meridian/contract/copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { FollowFields } from '../utils/follow-form';
import { refreshCopyData } from './copy-keys';

/** POST /api/follow/update: new settings for my follow; copies already open keep their size. */
export function updateFollow(followId: number, fields: FollowFields): Promise<Follow> {
  return api.post('/api/follow/update', { id: followId, ...fields }, { schema: Follow, loading: true });
}

export function useUpdateFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ followId, fields }: { followId: number; fields: FollowFields }) =>
      updateFollow(followId, fields),
    onSuccess: () => refreshCopyData(queryClient),
  });
}
