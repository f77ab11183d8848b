import { type WireInfo, WireInfoList } from '@meridian/contract/funds';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';
import { FUNDS_KEYS } from './funds-keys';

/** GET /api/quickCharge/wire_info?bank_coin: the platform's wire accounts for one bank currency. */
export function getWireAccounts(bankCoin: number, signal?: AbortSignal): Promise<WireInfo[]> {
  return api.get('/api/quickCharge/wire_info', { bank_coin: bankCoin }, { schema: WireInfoList, signal });
}

/** `bankCoin` undefined while no currency is chosen. */
export function useWireAccounts(bankCoin: number | undefined) {
  return useQuery({
    queryKey: FUNDS_KEYS.wireAccounts(bankCoin ?? 0),
    queryFn: ({ signal }) => getWireAccounts(bankCoin ?? 0, signal),
    staleTime: WEB_LIMITS.depositChannelsStaleMs,
    enabled: bankCoin !== undefined,
  });
}
