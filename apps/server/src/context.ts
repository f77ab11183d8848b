import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { EventBus } from './events';
import type { MarketRuntime } from './market/runtime';
import type { MessageSender } from './modules/notify/outbox';
import type { RealtimePublisher } from './realtime/publisher';
import type { RateLimits } from './security/rate-limits';

/** A source of the current time, so rules with expiry can be tested without waiting. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/**
 * What every module's service is given: settings, the database, the clock, the rate limits and the
 * message sender. Limits live here, one set per application, so that tests never share counters.
 */
export type ServerContext = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  limits: RateLimits;
  messages: MessageSender;
  /** The socket hub's publishing side (ARCHITECTURE.md "Realtime"). */
  realtime: RealtimePublisher;
  /** The live market: quotes, candles in progress, sparklines. */
  market: MarketRuntime;
  /** Domain events, emitted after a write commits (order opened, order closed, ...). */
  events: EventBus;
};
