import { ForexDetail } from '@meridian/contract/trading';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRADING_KEYS } from './trading-keys';

const DETAIL_STALE_MS = 5_000;

/** GET /v1/api/main/account/forexDetail: balance, margin, floating profit, net value, risk rate. */
export function getAccountDetail(signal?: AbortSignal): Promise<ForexDetail> {
  return api.get('/v1/api/main/account/forexDetail', undefined, { schema: ForexDetail, signal });
}

export function useAccountDetail(enabled = true) {
  return useQuery({
    queryKey: TRADING_KEYS.detail,
    queryFn: ({ signal }) => getAccountDetail(signal),
    enabled,
    staleTime: DETAIL_STALE_MS,
  });
}
