import { Order } from '@meridian/contract/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SubmitFields } from '../utils/submit-fields';
import { refreshTradingData } from './trading-keys';

export type PlaceOrderInput = { fields: SubmitFields; idempotencyKey: string };

/**
 * POST /v1/api/forex/submit with an Idempotency-Key header: the same key never opens two orders,
 * so a retry after a lost answer is safe. A refusal is toasted by the API client.
 */
export function placeOrder({ fields, idempotencyKey }: PlaceOrderInput): Promise<Order> {
  return api.post('/v1/api/forex/submit', fields, {
    schema: Order,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => refreshTradingData(queryClient),
  });
}
