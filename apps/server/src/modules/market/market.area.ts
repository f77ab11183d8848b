import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/migrate';
import type { RealtimePublisher } from '../../realtime/publisher';
import type { Area, AreaRegistration } from '../area';
import { recordAudit } from '../staff/staff.public';
import { realFeedFromConfig } from './feeds/feed-factory';
import type { FeedSwitch } from './feeds/real-feed';
import { type MarketOptions, MarketRuntime } from './live/runtime';
import { openRedisTickRelay, type TickRelay } from './live/tick-relay';
import { marketRoutes } from './market.routes';

/** The live market of this node, and the tick relay it follows or feeds when there are several nodes. */
export type LiveMarketHandle = { runtime: MarketRuntime; relay: TickRelay | undefined };

/** The live market, opened by `openLiveMarket` before the areas register. */
export type MarketAreaOptions = { market: LiveMarketHandle };

type LiveMarketDependencies = {
  config: Config;
  database: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  log: FastifyBaseLogger;
  /** The socket hub's Redis channel; the relay's channel is derived from it. */
  redisChannel: string;
  /** Whether this node leads (holds the trading engine's lock): it then runs the feed. */
  leads(): boolean;
};

/**
 * Opens the live market before the areas register, since every service reads quotes through the
 * context. Several nodes share one database and Redis: the feed runs on the leading node only, the
 * others follow its ticks through the relay.
 */
export async function openLiveMarket(
  dependencies: LiveMarketDependencies,
  options: MarketOptions | undefined,
): Promise<LiveMarketHandle> {
  const { config, database, clock, realtime, log, leads } = dependencies;
  const relay = await openTickRelay(dependencies);
  // PRICE_FEED picks the feed; a test may hand one over instead.
  const feed =
    options?.feed ??
    realFeedFromConfig(config.feeds, {
      dataDir: config.dataDir,
      now: () => clock.now().getTime(),
      log,
      onSwitch: (change) => auditSwitch(database, change, log),
    });
  const marketOptions: MarketOptions = { ...options, ...(feed ? { feed } : {}) };
  const runtime = new MarketRuntime(
    { db: database.db, clock, realtime, log },
    relay ? { ...marketOptions, follow: { relay, leads } } : marketOptions,
  );
  return { runtime, relay };
}

/** A failover is a change of where every price comes from: the audit log keeps it (no staff acted). */
function auditSwitch(database: Database, change: FeedSwitch, log: FastifyBaseLogger): void {
  recordAudit(database.db, null, {
    action: 'market.feed_switched',
    target: null,
    details: { from: change.from, to: change.to, reason: change.reason },
    at: new Date(change.atMs),
  }).catch((error: unknown) => log.error({ err: error, change }, 'feed switch not audited'));
}

/**
 * The market area: its routes, and the live market's start (when the app is ready, so history is
 * filled before the first request) and stop (candles written, the relay closed).
 */
const registerMarket: AreaRegistration<MarketAreaOptions> = async (app, context, { market }) => {
  const { runtime, relay } = market;
  app.decorate('market', runtime);
  app.addHook('onReady', () => runtime.start());
  app.addHook('onClose', async () => {
    await runtime.stop();
    await relay?.close();
  });
  await app.register(marketRoutes, { context });
};

export const marketArea: Area<MarketAreaOptions> = {
  name: 'market',
  needs: ['auth'],
  register: registerMarket,
};

/**
 * The tick relay of an installation with several nodes (PostgreSQL and REDIS_URL), on a channel of
 * its own per database schema, so installations (and test schemas) sharing a Redis never mix ticks.
 */
async function openTickRelay(dependencies: LiveMarketDependencies): Promise<TickRelay | undefined> {
  const { config, database, log } = dependencies;
  const url = config.redisUrl;
  if (database.engine !== 'postgres' || url === undefined) return undefined;
  const schema = rowsOf<{ schema: string }>(
    await database.db.execute(sql`select current_schema() as schema`),
  )[0]?.schema;
  const channel = `${dependencies.redisChannel}:ticks:${schema ?? 'public'}`;
  return openRedisTickRelay({ url, channel, log });
}
