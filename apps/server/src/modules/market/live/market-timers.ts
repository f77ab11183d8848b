import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import { SERVER_LIMITS } from '../../../limits';

/** What the market's timers run (runtime.ts). */
type TimedMarket = {
  readonly leads: boolean;
  tick(): Promise<void>;
  prune(nowMs: number): Promise<number>;
  refreshTerms(): Promise<void>;
};

/**
 * Starts the market's own timers: the loop, the pruning of old minute candles and the terms
 * refresh. Answers them, for the market to clear when it stops.
 */
export function startMarketTimers(
  market: TimedMarket,
  dependencies: { clock: Clock; log: FastifyBaseLogger },
): NodeJS.Timeout[] {
  const { clock, log } = dependencies;
  const loop = setInterval(() => {
    market.tick().catch((error: unknown) => log.error({ err: error }, 'market tick failed'));
  }, SERVER_LIMITS.marketLoopIntervalMs);
  const pruning = setInterval(() => {
    // The candles are the leading node's to keep (and to prune).
    if (!market.leads) return;
    market
      .prune(clock.now().getTime())
      .catch((error: unknown) => log.error({ err: error }, 'pruning failed'));
  }, SERVER_LIMITS.candlePruneIntervalSeconds * 1000);
  const terms = setInterval(() => {
    market
      .refreshTerms()
      .catch((error: unknown) => log.error({ err: error }, 'instrument terms refresh failed'));
  }, SERVER_LIMITS.marketTermsRefreshMs);
  // The HTTP server keeps the process alive; these timers must not keep a closing one.
  loop.unref();
  pruning.unref();
  terms.unref();
  return [loop, pruning, terms];
}
