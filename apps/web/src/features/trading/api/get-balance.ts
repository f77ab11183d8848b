import { BalanceAnswer } from '@meridian/contract/trading';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRADING_KEYS } from './trading-keys';

/** Orders change it; a few seconds old is as good as new for a screen that is just opening. */
const BALANCE_STALE_MS = 5_000;

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
    staleTime: BALANCE_STALE_MS,
  });
}
