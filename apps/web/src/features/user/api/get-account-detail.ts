import { ForexDetail } from '@meridian/contract/trading';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /v1/api/main/account/forexDetail: the account's balance and trading figures. */
export function getAccountDetail(signal?: AbortSignal): Promise<ForexDetail> {
  return api.get('/v1/api/main/account/forexDetail', undefined, { schema: ForexDetail, signal });
}

/** Fresh on every visit to the personal center: money moves between visits (trades, deposits). */
export function useAccountDetail(enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'account-detail'],
    queryFn: ({ signal }) => getAccountDetail(signal),
    enabled,
    staleTime: 0,
  });
}
