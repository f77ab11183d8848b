import type { PushSchema } from '@meridian/contract/push-schemas';
import { TOPIC_FOREX_TRADE } from '@meridian/contract/socket';
import { ForexTradePush } from '@meridian/contract/trading';
import { useQueryClient } from '@tanstack/react-query';
import { useTopic } from '../../../lib/realtime/use-topic';
import { TRADING_KEYS } from '../api/trading-keys';
import { useOrderMarksStore } from '../stores/order-marks-store';
import { type OrderPages, unknownOrderIds } from '../utils/order-pages';

/** Checked at once (the trade screen holds the trading schemas); typed by the contract's push map. */
const forexTradeSchema: PushSchema<typeof TOPIC_FOREX_TRADE> = ForexTradePush;

/**
 * Live profits of the holding orders from the user's `forex.trade` topic, while the screen using it
 * is shown and the user is logged in (a user topic needs a logged-in socket). A push naming an order
 * the list does not hold means a pending order has filled: both live tabs are read again.
 */
export function useTradeFeed(loggedIn: boolean): void {
  const queryClient = useQueryClient();
  useTopic(loggedIn ? TOPIC_FOREX_TRADE : null, (data) => {
    const parsed = forexTradeSchema.safeParse(data);
    if (!parsed.success) {
      // The server broke the contract: a programmer error, never shown as a figure.
      console.error('forex.trade push does not match the contract', parsed.error);
      return;
    }
    useOrderMarksStore.getState().apply(parsed.data);
    const holdingKey = TRADING_KEYS.orders('holding');
    const holding = queryClient.getQueryData<OrderPages>(holdingKey);
    const ids = parsed.data.orders.map((order) => order.Id);
    // Only once per fill: pushes come 4 times a second, and a refetch already on its way will know.
    if (!holding || queryClient.isFetching({ queryKey: holdingKey }) > 0) return;
    if (unknownOrderIds(ids, holding).length === 0) return;
    void queryClient.invalidateQueries({ queryKey: holdingKey });
    void queryClient.invalidateQueries({ queryKey: TRADING_KEYS.orders('pending') });
    void queryClient.invalidateQueries({ queryKey: TRADING_KEYS.detail });
  });
}
