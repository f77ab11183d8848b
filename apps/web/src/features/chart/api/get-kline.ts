import { type Candle, CandleList, type PeriodLabel } from '@meridian/contract/market';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /v1/api/forex/kline: the latest candles of a period, oldest first, the last one in progress;
 * with `before` (a candle's start, Unix seconds), the page of candles that ends just before it.
 */
export function getKline(
  forexId: number,
  period: PeriodLabel,
  signal?: AbortSignal,
  before?: number,
): Promise<Candle[]> {
  return api.get(
    '/v1/api/forex/kline',
    { forex_id: forexId, period, before },
    { schema: CandleList, signal },
  );
}

export function klineQueryKey(forexId: number | null, period: PeriodLabel) {
  return ['market', 'kline', forexId, period] as const;
}

/**
 * The chart's history. Always stale: the socket moves the chart only while it is shown, so every
 * return to the chart (or to a period) starts from the server's latest candles.
 */
export function useKline(forexId: number | null, period: PeriodLabel) {
  return useQuery({
    queryKey: klineQueryKey(forexId, period),
    queryFn: ({ signal }) => getKline(forexId ?? 0, period, signal),
    enabled: forexId !== null,
    staleTime: 0,
  });
}
