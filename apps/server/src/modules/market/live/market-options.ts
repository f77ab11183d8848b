import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/database';
import { SERVER_LIMITS } from '../../../limits';
import type { RealtimePublisher } from '../../../realtime/publisher';
import type { BackfillSizes } from './backfill';
import type { PriceFeed } from './feed';
import type { TickRelay } from './tick-relay';

export type MarketOptions = {
  /** Runs the feed loop and the pruning timer by itself (the server); tests tick by hand. Default true. */
  autoStart?: boolean;
  /** History written where none is stored; false writes none (tests of other areas). */
  backfill?: BackfillSizes | false;
  /** Overrides the `simulator_seed` setting. */
  seed?: number;
  /** Another feed instead of the built-in simulator: a real one (RealFeed) or a test's. */
  feed?: PriceFeed;
  /**
   * Several nodes: only the node that `leads` (holds the trading engine's lock) runs the feed,
   * writes candles and publishes to the sockets (the hub's bridge carries its pushes to every node);
   * the others build their quotes and candles from the ticks it sends through the relay.
   */
  follow?: { relay: TickRelay; leads(): boolean };
};

/** A first start writes 30 days of minutes and a year of days, so charts are full from the first visit. */
export const DEFAULT_BACKFILL: BackfillSizes = {
  minuteDays: SERVER_LIMITS.backfillMinuteDays,
  dayDays: SERVER_LIMITS.backfillDayDays,
};

export type MarketDependencies = {
  db: Db;
  clock: Clock;
  realtime: RealtimePublisher;
  log: FastifyBaseLogger;
};
