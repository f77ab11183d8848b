import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

type NoSchema = Record<string, never>;

/**
 * The database handle, the same type on embedded PGlite and on a PostgreSQL server. Opened without
 * the schema: queries name their tables, and with a schema drizzle builds a relational query helper
 * for every table on every transaction (a measurable share of an order's CPU, bench/orders/README.md).
 */
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Repositories take either, so a service decides where the transaction starts. */
export type DbOrTx = Db | Tx;

export type Engine = 'pglite' | 'postgres';

/**
 * A connection of its own, outside the pool (PostgreSQL only): for what belongs to one session, such
 * as the trading engine's advisory lock and LISTEN.
 */
export type DedicatedConnection = {
  query<Row extends Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<Row[]>;
  /** Receives the payloads of NOTIFY on a channel. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** Called once if the connection breaks (its session locks are then released by the server). */
  onLost(handler: (error: Error | undefined) => void): void;
  close(): Promise<void>;
};

export type Database = {
  db: Db;
  engine: Engine;
  /** Runs raw SQL text that may hold several statements (migrations). */
  execute(sqlText: string): Promise<void>;
  close(): Promise<void>;
  /** The pool's connections (PostgreSQL only): for the metrics; absent on embedded PGlite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Opens a dedicated connection; absent on embedded PGlite, which is one process's own. */
  connect?: () => Promise<DedicatedConnection>;
};
