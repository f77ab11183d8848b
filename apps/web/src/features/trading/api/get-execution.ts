import { ExecutionList } from '@meridian/contract/trading';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { TRADING_KEYS } from './trading-keys';

/** GET /v1/api/forex/execution: the order's fills, each with the quote it was made against. */
export function getExecution(orderId: number, signal?: AbortSignal): Promise<ExecutionList> {
  return api.get('/v1/api/forex/execution', { id: orderId }, { schema: ExecutionList, signal });
}

/**
 * An order's execution records, read when its detail opens. Read again when the order's state
 * changes (`version`: a close or a fill adds a record), and with the rest of the trading data.
 */
export function useExecution(orderId: number, version: string) {
  return useQuery({
    queryKey: [...TRADING_KEYS.execution(orderId), version],
    queryFn: ({ signal }) => getExecution(orderId, signal),
  });
}
