import type { Config } from './config';
import type { Database, Db } from './db/database';

/** A source of the current time, so rules with expiry can be tested without waiting. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** What every module's service is given: settings, the database and the clock. */
export type ServerContext = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
};
