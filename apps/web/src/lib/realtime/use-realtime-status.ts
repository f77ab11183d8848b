import { useSyncExternalStore } from 'react';
import { realtime } from './realtime';
import type { RealtimeClient, RealtimeStatus } from './socket-client';

/** The socket's status, so a page can say when its prices are not live. */
export function useRealtimeStatus(client: RealtimeClient = realtime): RealtimeStatus {
  return useSyncExternalStore(
    (onChange) => client.onStatusChange(onChange),
    () => client.getStatus(),
  );
}
