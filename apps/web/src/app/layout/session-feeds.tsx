import { useOrderClosedFeed } from '../../features/trading/hooks/use-order-closed-feed';
import { useFundsOutcomes } from './use-funds-outcomes';

/**
 * The signed-in customer's feeds, heard on every screen: a position closed by a stop or a stop-out,
 * a deposit's or a withdrawal's review. Its own chunk, mounted only with a session, so a visitor's
 * first screen neither downloads nor runs them.
 */
export function SessionFeeds() {
  useOrderClosedFeed(true);
  useFundsOutcomes(true);
  return null;
}
