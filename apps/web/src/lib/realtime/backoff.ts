import { WEB_LIMITS } from '../limits';

/**
 * How long to wait before reconnect attempt number `attempt` (0 = the first after a loss): the
 * minimum doubled per failed attempt up to the ceiling, then scaled into its upper half at random.
 * The jitter keeps thousands of clients that lost the same server from all returning in one instant.
 * The ceiling is short while the page is shown (someone is watching the prices) and long while it is
 * hidden; showing the page again reconnects at once anyway (app/realtime-session.ts).
 */
export function reconnectDelayMs(
  attempt: number,
  random: () => number = Math.random,
  hidden = false,
): number {
  const doubled = WEB_LIMITS.socketReconnectDelayMinMs * 2 ** Math.min(attempt, 16);
  const max = hidden
    ? WEB_LIMITS.socketReconnectDelayHiddenMaxMs
    : WEB_LIMITS.socketReconnectDelayVisibleMaxMs;
  const ceiling = Math.min(max, doubled);
  return Math.round(ceiling * (0.5 + random() / 2));
}
