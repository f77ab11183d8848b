import { type BankCurrency, BankCurrencyList } from '@meridian/contract/funds';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';
import { FUNDS_KEYS } from './funds-keys';

/** GET /api/quickCharge/symbols: the currencies a bank wire may be sent in. */
export function getBankCurrencies(signal?: AbortSignal): Promise<BankCurrency[]> {
  return api.get('/api/quickCharge/symbols', undefined, { schema: BankCurrencyList, signal });
}

/** `enabled` false until the customer opens the bank tab. */
export function useBankCurrencies(enabled: boolean) {
  return useQuery({
    queryKey: FUNDS_KEYS.bankCurrencies,
    queryFn: ({ signal }) => getBankCurrencies(signal),
    staleTime: WEB_LIMITS.depositChannelsStaleMs,
    enabled,
  });
}
