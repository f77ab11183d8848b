import { TOPIC_FOREX_CLOSED } from '@meridian/contract/topics';
import type { ForexClosedPush } from '@meridian/contract/trading';
import { useQueryClient } from '@tanstack/react-query';
import { checkTopicPush } from '../../../lib/realtime/push-schemas';
import { useTopic } from '../../../lib/realtime/use-topic';
import { removeEndedOrder } from '../api/remove-ended-order';
import { refreshTradingData } from '../api/trading-keys';
import { useOrderAnnouncer } from './use-order-announcer';

/**
 * The user's `forex.closed` topic, on every screen while logged in: a stop-loss, take-profit or
 * stop-out can close a position at any time, and the customer hears of it wherever they are. The
 * order leaves the holding (or pending) list at once, which also closes its detail panel (spec
 * section 4), and the balance and lists are read again.
 */
export function useOrderClosedFeed(loggedIn: boolean): void {
  const queryClient = useQueryClient();
  const announce = useOrderAnnouncer();
  const ended = (push: ForexClosedPush) => {
    removeEndedOrder(queryClient, push.Id);
    void refreshTradingData(queryClient);
    announce({
      orderId: push.Id,
      showCode: push.ShowCode,
      state: push.State,
      reason: push.reason,
      profit: push.FactProfits,
    });
  };
  useTopic(loggedIn ? TOPIC_FOREX_CLOSED : null, (data) => {
    void checkTopicPush(TOPIC_FOREX_CLOSED, data).then((push) => {
      if (push) ended(push);
    });
  });
}
