import { type CoinChannel, CoinChannelList } from '@meridian/contract/funds';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';
import { FUNDS_KEYS } from './funds-keys';

/** GET /api/quickCharge/info: the coin channels (currency, network, the platform's receiving address). */
export function getCoinChannels(signal?: AbortSignal): Promise<CoinChannel[]> {
  return api.get('/api/quickCharge/info', undefined, { schema: CoinChannelList, signal });
}

/** Kept briefly only: staff may change a receiving address, and nobody should send to an old one. */
export function useCoinChannels() {
  return useQuery({
    queryKey: FUNDS_KEYS.coinChannels,
    queryFn: ({ signal }) => getCoinChannels(signal),
    staleTime: WEB_LIMITS.depositChannelsStaleMs,
  });
}
