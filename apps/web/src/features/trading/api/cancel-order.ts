import { Order } from '@meridian/contract/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removeEndedOrder } from './remove-ended-order';
import { refreshTradingData } from './trading-keys';

/** POST /v1/api/forex/cancel_trade: cancels a pending order; its margin and fee come back. */
export function cancelOrder(orderId: number): Promise<Order> {
  return api.post('/v1/api/forex/cancel_trade', { id: orderId }, { schema: Order });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      removeEndedOrder(queryClient, order.Id);
      return refreshTradingData(queryClient);
    },
  });
}
