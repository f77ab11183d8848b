import { SparklineList } from '@meridian/contract/market';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The points are hourly closes: a few minutes old is as good as new. */
const SPARKLINES_STALE_MS = 5 * 60_000;

/** GET /v1/api/forex/abbreviated_cache_kline: a day's sparkline per instrument, by instrument id. */
export async function getSparklines(signal?: AbortSignal): Promise<Map<number, string[]>> {
  const list = await api.get('/v1/api/forex/abbreviated_cache_kline', undefined, {
    schema: SparklineList,
    signal,
    // A missing sparkline is decoration, not something to interrupt the customer about.
    silent: true,
  });
  return new Map(list.map((line) => [line.Id, line.Points]));
}

export function useSparklines() {
  return useQuery({
    queryKey: ['market', 'sparklines'],
    queryFn: ({ signal }) => getSparklines(signal),
    staleTime: SPARKLINES_STALE_MS,
    refetchInterval: SPARKLINES_STALE_MS,
  });
}
