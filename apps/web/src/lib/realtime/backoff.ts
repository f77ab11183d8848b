import { WEB_LIMITS } from '../limits';

/**
 * How long to wait before reconnect attempt number `attempt` (0 = the first after a loss): the
 * minimum doubled per failed attempt up to the maximum, then scaled into its upper half at random.
 * The jitter keeps thousands of clients that lost the same server from all returning in one instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const doubled = WEB_LIMITS.socketReconnectDelayMinMs * 2 ** Math.min(attempt, 16);
  const ceiling = Math.min(WEB_LIMITS.socketReconnectDelayMaxMs, doubled);
  return Math.round(ceiling * (0.5 + random() / 2));
}
