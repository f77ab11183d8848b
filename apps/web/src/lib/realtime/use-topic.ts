import { useEffect, useEffectEvent } from 'react';
import { realtime } from './realtime';
import type { PushListener, RealtimeClient } from './socket-client';

/**
 * Listens to a socket topic while the component is mounted and shown (a kept-alive page that is
 * hidden runs no effects, so it unsubscribes). `null` listens to nothing.
 */
export function useTopic(
  topic: string | null,
  onPush: PushListener,
  client: RealtimeClient = realtime,
): void {
  const handle = useEffectEvent(onPush);
  useEffect(() => {
    if (topic === null) return undefined;
    return client.subscribe(topic, (data) => handle(data));
  }, [client, topic]);
}
