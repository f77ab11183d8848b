import { MyTrader } from '@meridian/contract/copy';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COPY_KEYS } from './copy-keys';

/** GET /api/follow/my_trader: my own listing as a trader; null when I have never opted in. */
export function getMyTrader(signal?: AbortSignal): Promise<MyTrader> {
  return api.get('/api/follow/my_trader', undefined, { schema: MyTrader, signal });
}

export function useMyTrader(enabled = true) {
  return useQuery({ queryKey: COPY_KEYS.myTrader, queryFn: ({ signal }) => getMyTrader(signal), enabled });
}
