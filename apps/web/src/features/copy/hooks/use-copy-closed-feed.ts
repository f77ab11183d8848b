import { TOPIC_FOREX_CLOSED } from '@meridian/contract/socket';
import { useQueryClient } from '@tanstack/react-query';
import { useTopic } from '../../../lib/realtime/use-topic';
import { refreshFollowData } from '../api/copy-keys';

/**
 * While a copy-trading screen is shown: an order of mine closed (`forex.closed`) — perhaps a copy
 * closing with its trader, or by the copy stop-loss — so the follows and copied orders are read
 * again at once instead of at the next interval.
 */
export function useCopyClosedFeed(loggedIn: boolean): void {
  const queryClient = useQueryClient();
  useTopic(loggedIn ? TOPIC_FOREX_CLOSED : null, () => {
    void refreshFollowData(queryClient);
  });
}
