import { useSyncExternalStore } from 'react';
import { createLiveState, type LiveState, type LiveStateStore } from './live-state';
import { realtime } from './realtime';

/** The app's one live state, following the app's one socket. */
export const liveState: LiveStateStore = createLiveState(realtime);

/** Whether the live figures on screen are live, or the last ones received (after the grace). */
export function useLiveState(store: LiveStateStore = liveState): LiveState {
  return useSyncExternalStore(store.subscribe, store.get);
}
