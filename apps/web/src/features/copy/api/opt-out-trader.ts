import { MyTrader } from '@meridian/contract/copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshCopyData } from './copy-keys';

/** POST /api/follow/opt_out: takes me off the ranking; my followers' copying stops. */
export function optOutTrader(): Promise<MyTrader> {
  return api.post('/api/follow/opt_out', undefined, { schema: MyTrader, loading: true });
}

export function useOptOutTrader() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: optOutTrader, onSuccess: () => refreshCopyData(queryClient) });
}
