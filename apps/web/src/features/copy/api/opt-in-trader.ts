import { MyTrader } from '@meridian/contract/copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshCopyData } from './copy-keys';

/** POST /api/follow/opt_in: lists me as a trader under this display name (or renames my listing). */
export function optInTrader(displayName: string): Promise<MyTrader> {
  return api.post('/api/follow/opt_in', { display_name: displayName }, { schema: MyTrader, loading: true });
}

export function useOptInTrader() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: optInTrader, onSuccess: () => refreshCopyData(queryClient) });
}
