import { TOPIC_FUNDS_RECORD } from '@meridian/contract/socket';
import type { ServerContext } from '../../context';

/**
 * The customer hears of each outcome: the reviews emit `funds.outcome` once their
 * transaction has committed, and this listener pushes the record to the customer's own sockets
 * (`funds.record`, every node through the hub). A lost push is recovered by the next read of the
 * list. The e-mail or SMS notice does not go through here: the review's transaction queued it in
 * the outbox, so it is never lost with a push.
 */
export function announceFundsOutcomes(context: ServerContext): () => void {
  return context.events.on('funds.outcome', (outcome) => {
    context.realtime.publishToUser(outcome.userId, TOPIC_FUNDS_RECORD, outcome.push);
  });
}
