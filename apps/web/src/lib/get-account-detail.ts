import type { ForexDetail } from '@meridian/contract/trading';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { lazySchema } from './lazy-schema';

const forexDetailSchema = lazySchema(() =>
  import('@meridian/contract/trading').then((contract) => contract.ForexDetail),
);

/**
 * One cache entry for the account's figures, read by the trade page and the personal center (so it
 * lives here: features do not import each other). It sits under the trading root, so refreshing the
 * trading data after an order or a close refreshes it too.
 */
export const ACCOUNT_DETAIL_KEY = ['trading', 'detail'] as const;

/** GET /v1/api/main/account/forexDetail: balance, margin, floating profit, net value, risk rate. */
export function getAccountDetail(signal?: AbortSignal): Promise<ForexDetail> {
  return api.get('/v1/api/main/account/forexDetail', undefined, { schema: forexDetailSchema, signal });
}

/** Each screen says how old a copy it may show: the entry is shared, the freshness is per screen. */
export function useAccountDetail({ staleTimeMs }: { staleTimeMs: number }) {
  return useQuery({
    queryKey: ACCOUNT_DETAIL_KEY,
    queryFn: ({ signal }) => getAccountDetail(signal),
    staleTime: staleTimeMs,
  });
}
