import { type DrawCurrency, DrawCurrencyList } from '@meridian/contract/funds';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';
import { type DrawKind, FUNDS_KEYS } from './funds-keys';

/** GET /api/account/draw_symbol_list?type: the withdraw currencies of one kind, with fee and bounds. */
export function getDrawCurrencies(type: DrawKind, signal?: AbortSignal): Promise<DrawCurrency[]> {
  return api.get('/api/account/draw_symbol_list', { type }, { schema: DrawCurrencyList, signal });
}

/** The fee and the rate shown must be the ones the server charges: kept only briefly. */
export function useDrawCurrencies(type: DrawKind) {
  return useQuery({
    queryKey: FUNDS_KEYS.drawCurrencies(type),
    queryFn: ({ signal }) => getDrawCurrencies(type, signal),
    staleTime: WEB_LIMITS.drawTermsStaleMs,
  });
}
