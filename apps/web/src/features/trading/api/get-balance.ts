import { BalanceAnswer } from '@meridian/contract/trading';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';
import { TRADING_KEYS } from './trading-keys';

/** GET /v1/api/main/wallet/getBalance: the available balance, exact decimal text. */
export function getBalance(signal?: AbortSignal): Promise<BalanceAnswer> {
  return api.get('/v1/api/main/wallet/getBalance', undefined, { schema: BalanceAnswer, signal });
}

/** `enabled` false for a visitor: there is no balance to ask for (spec section 6: it shows '--'). */
export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: TRADING_KEYS.balance,
    queryFn: ({ signal }) => getBalance(signal),
    enabled,
    staleTime: WEB_LIMITS.balanceStaleMs,
  });
}
