import { setTimeout as delay } from 'node:timers/promises';
import { asOrderId, type OrderId } from '@meridian/domain/ids';
import type { Database, DedicatedConnection } from '../../../db/database';
import { SERVER_LIMITS } from '../../../limits';

/** The channel order changes are announced on (PostgreSQL NOTIFY), for the node running the engine. */
export const ORDER_CHANNEL = 'meridian_orders';

/**
 * Exactly one engine per cluster (ARCHITECTURE.md "Runtime picture"). On PostgreSQL the engine runs
 * on the node holding a session-level advisory lock, keyed by the schema so that installations (and
 * test files) sharing a server do not share an engine; the lock lives as long as the connection,
 * so a node that dies frees it and another takes over. Embedded PGlite is one process's own
 * database: its engine simply runs.
 */
export type EngineLease =
  | { kind: 'embedded' }
  | { kind: 'locked'; connection: DedicatedConnection; schema: string };

const TRY_LOCK = `select pg_try_advisory_lock(hashtext('meridian.engine'), hashtext(current_schema())) as locked, current_schema() as schema`;
const WAIT_FOR_LOCK = `select pg_advisory_lock(hashtext('meridian.engine'), hashtext(current_schema())), current_schema() as schema`;
// The wait may last the leader's whole life: a timeout set for the role must not end it.
const NO_WAIT_LIMITS = 'set statement_timeout = 0; set lock_timeout = 0';
// PostgreSQL 14 and later can look at the socket while the wait lasts, so a wait whose node died is
// dropped from the queue instead of being granted the lock (older servers refuse the setting).
const CHECK_CLIENT = `set client_connection_check_interval = ${SERVER_LIMITS.engineWaitClientCheckMs}`;

/** Takes the engine's lease, or answers undefined when another node holds it. */
export async function takeEngineLease(database: Database): Promise<EngineLease | undefined> {
  if (!database.connect) return { kind: 'embedded' };
  const connection = await database.connect();
  try {
    const [row] = await connection.query<{ locked: boolean; schema: string }>(TRY_LOCK);
    if (!row?.locked) {
      await connection.close();
      return undefined;
    }
    return { kind: 'locked', connection, schema: row.schema };
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
}

/** A change announced on ORDER_CHANNEL: `<schema>:<order id>:<version>`. */
type OrderNotice = { schema: string; orderId: OrderId; version: number };

export function readOrderNotice(payload: string): OrderNotice | undefined {
  const match = /^([a-z_][a-z0-9_]*):(\d+):(\d+)$/.exec(payload);
  if (!match) return undefined;
  return { schema: match[1] ?? '', orderId: asOrderId(Number(match[2])), version: Number(match[3]) };
}

/** A standby node's wait for the engine's lease: `lease` resolves when the leader lets go. */
export type LeaseWait = {
  lease: Promise<EngineLease>;
  /** Gives up waiting (the node stops): the connection closes, and `lease` rejects. */
  cancel(): Promise<void>;
};

/**
 * Queues for the lock on a connection of its own (PostgreSQL only). PostgreSQL grants it the moment
 * the leader's session lets go, by a graceful release (a rolling restart) or by a crash, so a
 * standby takes over without polling (docs/decisions.md, "Rolling restarts").
 */
export async function waitForEngineLease(database: Database): Promise<LeaseWait> {
  if (!database.connect) throw new Error('an embedded database has no engine lock to wait for');
  const connection = await database.connect();
  let pid: number;
  try {
    await connection.query(NO_WAIT_LIMITS);
    await connection.query(CHECK_CLIENT).catch(() => {});
    const [row] = await connection.query<{ pid: number }>('select pg_backend_pid() as pid');
    pid = Number(row?.pid);
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
  let cancelled = false;
  const lease = (async (): Promise<EngineLease> => {
    try {
      const [row] = await connection.query<{ schema: string }>(WAIT_FOR_LOCK);
      if (cancelled) throw new Error('the wait for the engine lock was cancelled');
      return { kind: 'locked', connection, schema: row?.schema ?? '' };
    } catch (error) {
      await connection.close().catch(() => {});
      throw error;
    }
  })();
  return {
    lease,
    async cancel() {
      cancelled = true;
      // Closing the connection alone is not enough: a backend waiting for a lock does not notice
      // its client left, and would stay queued (and be granted the lock) until then. Cancelling
      // its query takes it out of the queue at once; again if the cancel came before the query
      // started, then the connection closes whatever happened.
      let settled = false;
      const done = lease.then(
        () => {
          settled = true;
        },
        () => {
          settled = true;
        },
      );
      for (let attempt = 0; attempt < SERVER_LIMITS.engineWaitCancelTriesMax && !settled; attempt += 1) {
        await database.execute(`select pg_cancel_backend(${pid})`).catch(() => {});
        await Promise.race([done, delay(SERVER_LIMITS.engineWaitCancelRetryMs)]);
      }
      await connection.close().catch(() => {});
    },
  };
}
