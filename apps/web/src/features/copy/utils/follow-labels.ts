import type { FollowState, FollowStopReason } from '@meridian/contract/copy';

/** Translation keys of a follow's words (literal, so the locale test can find them). */
export const FOLLOW_STATE_KEYS: Record<FollowState, string> = {
  active: 'copy.state.active',
  paused: 'copy.state.paused',
  stopped: 'copy.state.stopped',
};

export const STOP_REASON_KEYS: Record<FollowStopReason, string> = {
  user: 'copy.stopReason.user',
  copy_stop_loss: 'copy.stopReason.copy_stop_loss',
  trader_left: 'copy.stopReason.trader_left',
};

export const FOLLOW_MODE_KEYS = { ratio: 'copy.mode.ratio', amount: 'copy.mode.amount' } as const;

/** Follows still running (copying or paused) first, newest first; stopped ones after, newest first. */
export function sortFollows<T extends { state: FollowState; created_at: number; stopped_at: number }>(
  follows: readonly T[],
): T[] {
  const running = follows.filter((follow) => follow.state !== 'stopped');
  const stopped = follows.filter((follow) => follow.state === 'stopped');
  running.sort((a, b) => b.created_at - a.created_at);
  stopped.sort((a, b) => b.stopped_at - a.stopped_at);
  return [...running, ...stopped];
}
