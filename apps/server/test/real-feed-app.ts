import type { FastifyBaseLogger } from 'fastify';
import { RealFeed } from '../src/modules/market/feeds/real-feed';
import { createTestApp, createTestClock, type TestApp } from './app';
import { ScriptedQuoteSource } from './scripted-quote-source';

/** A logger that drops every line: these tests read the feed's health, not its log. */
function quietLog(): FastifyBaseLogger {
  const drop = () => {};
  const log = {
    level: 'silent',
    fatal: drop,
    error: drop,
    warn: drop,
    info: drop,
    debug: drop,
    trace: drop,
    silent: drop,
    child: () => log,
  };
  // The methods the feed calls; the rest of pino's surface is not used by it.
  return log as unknown as FastifyBaseLogger;
}

export type RealFeedApp = TestApp & {
  feed: RealFeed;
  primary: ScriptedQuoteSource;
  secondary: ScriptedQuoteSource;
};

/** The failover and failback times of these apps. */
export const FAILOVER_MS = 5_000;
export const FAILBACK_MS = 20_000;

/**
 * The whole server on a real feed of two scripted sources (a FIX primary, a stream secondary), on a
 * test clock and ticked by hand, as apps/server/test/real-feed.test.ts builds it.
 */
export async function createRealFeedApp(
  env: Record<string, string> = {},
  log: FastifyBaseLogger = quietLog(),
): Promise<RealFeedApp> {
  const clock = createTestClock();
  const primary = new ScriptedQuoteSource('fix');
  const secondary = new ScriptedQuoteSource('websocket');
  const feed = new RealFeed({
    primary,
    secondary,
    failoverMs: FAILOVER_MS,
    failbackMs: FAILBACK_MS,
    now: () => clock.now().getTime(),
    log,
  });
  const t = await createTestApp({ clock, market: { autoStart: false, backfill: false, feed }, env });
  return Object.assign(t, { feed, primary, secondary });
}

/** One quote of a symbol from a source, then a run of the market loop. */
export async function quoteAndRun(
  t: RealFeedApp,
  symbol: string,
  bid: string | undefined,
  ask: string | undefined,
  source = t.primary,
  feedMs: number | null = null,
): Promise<void> {
  source.quote(symbol, bid, ask, feedMs);
  await t.app.market.tick();
}

/**
 * The feed's story the health tests tell: EURUSD quoted, one crossed quote refused, the primary
 * disconnected with the venue's text, the failover to the secondary after FAILOVER_MS, and EURUSD
 * quoted by the secondary. BTCUSDT is never quoted (stale). Ends 1 s after the secondary's quote.
 */
export async function feedStory(t: RealFeedApp): Promise<void> {
  await quoteAndRun(t, 'EURUSD', '1.08500', '1.08510');
  await quoteAndRun(t, 'EURUSD', '1.09000', '1.08000');
  t.primary.state('disconnected', 'Logout: session closed by the provider');
  t.clock.advance(FAILOVER_MS);
  await t.app.market.tick();
  await quoteAndRun(t, 'EURUSD', '1.08520', '1.08530', t.secondary);
  t.clock.advance(1_000);
  await t.app.market.tick();
}
