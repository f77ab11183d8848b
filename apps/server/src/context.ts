import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { EventBus } from './events';
import type { LiveMarket } from './live-market';
import type { RealtimePublisher } from './realtime/publisher';
import type { RateLimits } from './security/rate-limits';

/**
 * What every module's service is given: settings, the database, the clock, the rate limits, the
 * socket publisher, the live market and the domain events. Limits live here, one set per
 * application, so that tests never share counters.
 */
export type ServerContext = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  limits: RateLimits;
  /** The socket hub's publishing side (ARCHITECTURE.md "Realtime"). */
  realtime: RealtimePublisher;
  /** The live market: quotes, candles in progress, sparklines. */
  market: LiveMarket;
  /** Domain events, emitted after a write commits (order opened, order closed, ...). */
  events: EventBus;
};
