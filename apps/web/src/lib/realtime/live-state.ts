import { WEB_LIMITS } from '../limits';
import type { RealtimeStatus } from './socket-client';

/**
 * What a page says about its live figures: live, still connecting for the first time, or
 * reconnecting after a lost connection (the figures shown are the last ones received).
 */
export type LiveState = 'live' | 'connecting' | 'reconnecting';

type StatusSource = {
  getStatus(): RealtimeStatus;
  onStatusChange(listener: () => void): () => void;
};

export type LiveStateStore = {
  get(): LiveState;
  subscribe(listener: () => void): () => void;
};

/**
 * The socket's status turned into what a customer is told. A connection that is not open for
 * `graceMs` makes the state stale (a blip shorter than that shows nothing); an open socket makes it
 * live at once. A stopped socket (idle) has nothing to announce.
 */
export function createLiveState(
  source: StatusSource,
  graceMs: number = WEB_LIMITS.liveStaleGraceMs,
): LiveStateStore {
  let state: LiveState = 'live';
  let everOpen = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: LiveState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const follow = () => {
    const status = source.getStatus();
    if (status === 'open' || status === 'idle') {
      if (status === 'open') everOpen = true;
      clearTimer();
      set('live');
      return;
    }
    if (state !== 'live' || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      set(everOpen ? 'reconnecting' : 'connecting');
    }, graceMs);
  };

  source.onStatusChange(follow);
  follow();
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
