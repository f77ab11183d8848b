import { Order } from '@meridian/contract/trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshTradingData } from './trading-keys';

/** Both stops are sent: "0" clears one (spec: 0 or empty means unset). */
export type SetStopsInput = { orderId: number; stopLoss: string; takeProfit: string };

/** POST /v1/api/forex/set_stop_price: sets, changes or clears a pending or holding order's stops. */
export function setOrderStops({ orderId, stopLoss, takeProfit }: SetStopsInput): Promise<Order> {
  return api.post(
    '/v1/api/forex/set_stop_price',
    {
      id: orderId,
      stop_loss_price: stopLoss.trim() === '' ? '0' : stopLoss.trim(),
      target_profit_price: takeProfit.trim() === '' ? '0' : takeProfit.trim(),
    },
    { schema: Order },
  );
}

export function useSetOrderStops() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStops,
    onSuccess: () => refreshTradingData(queryClient),
  });
}
