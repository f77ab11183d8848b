import { useEffect, useEffectEvent } from 'react';
import { realtime } from './realtime';
import type { RealtimeClient } from './socket-client';

/** Gets the topic with the data, so a listener can drop a late push of a topic it has just left. */
export type TopicListener = (data: unknown, topic: string) => void;

/**
 * Listens to a socket topic while the component is mounted and shown (a kept-alive page that is
 * hidden runs no effects, so it unsubscribes). `null` listens to nothing.
 */
export function useTopic(
  topic: string | null,
  onPush: TopicListener,
  client: RealtimeClient = realtime,
): void {
  const handle = useEffectEvent(onPush);
  useEffect(() => {
    if (topic === null) return undefined;
    return client.subscribe(topic, (data) => handle(data, topic));
  }, [client, topic]);
}
