import { Follow } from '@meridian/contract/copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { FollowFields } from '../utils/follow-form';
import { refreshCopyData } from './copy-keys';

/** POST /api/follow/follow: starts copying a trader with these settings; answers the new follow. */
export function followTrader(traderId: number, fields: FollowFields): Promise<Follow> {
  return api.post(
    '/api/follow/follow',
    { trader_id: traderId, ...fields },
    { schema: Follow, loading: true },
  );
}

export function useFollowTrader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ traderId, fields }: { traderId: number; fields: FollowFields }) =>
      followTrader(traderId, fields),
    onSuccess: () => refreshCopyData(queryClient),
  });
}
