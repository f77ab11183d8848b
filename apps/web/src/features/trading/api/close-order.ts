import { Order } from '@meridian/contract/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removeEndedOrder } from './remove-ended-order';
import { refreshTradingData } from './trading-keys';

/** POST /v1/api/forex/close: closes a position at the market price; answers the closed order. */
export function closeOrder(orderId: number): Promise<Order> {
  return api.post('/v1/api/forex/close', { id: orderId }, { schema: Order });
}

export function useCloseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeOrder,
    onSuccess: (order) => {
      removeEndedOrder(queryClient, order.Id);
      return refreshTradingData(queryClient);
    },
  });
}
