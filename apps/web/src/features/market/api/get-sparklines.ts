import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';
import { WEB_LIMITS } from '../../../lib/limits';

const sparklineListSchema = lazySchema(() =>
  import('@meridian/contract/market').then((contract) => contract.SparklineList),
);

/** GET /v1/api/forex/abbreviated_cache_kline: a day's sparkline per instrument, by instrument id. */
export async function getSparklines(signal?: AbortSignal): Promise<Map<number, string[]>> {
  const list = await api.get('/v1/api/forex/abbreviated_cache_kline', undefined, {
    schema: sparklineListSchema,
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
    staleTime: WEB_LIMITS.sparklinesRefreshMs,
    refetchInterval: WEB_LIMITS.sparklinesRefreshMs,
  });
}
