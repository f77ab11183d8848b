import type { RealtimePublisher } from './publisher';

/**
 * The socket hub. Until the `/v1/ws` route lands it only keeps the publishing contract, with no
 * subscribers, so producers do no work.
 */
export function createRealtimeHub(): RealtimePublisher {
  return {
    publish() {},
    publishToUser() {},
    hasSubscribers: () => false,
  };
}
