import type { Database, DedicatedConnection } from '../../../db/database';

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
export type OrderNotice = { schema: string; orderId: number; version: number };

export function readOrderNotice(payload: string): OrderNotice | undefined {
  const match = /^([a-z_][a-z0-9_]*):(\d+):(\d+)$/.exec(payload);
  if (!match) return undefined;
  return { schema: match[1] ?? '', orderId: Number(match[2]), version: Number(match[3]) };
}
