import type { AccountId, OrderId, UserId } from '@meridian/domain/ids';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/database';
import { rowsOf } from '../../db/migrate';
import { orders } from '../../db/schema';
import {
  columnList,
  driverValues,
  placeholders,
  recordsOf,
  runStatement,
  statement,
} from '../../db/statements';

/** An order as stored. */
export type OrderRecord = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderStatus = OrderRecord['status'];
export type CloseReasonValue = NonNullable<OrderRecord['closeReason']>;

const LIVE_STATUSES: OrderStatus[] = ['pending', 'holding'];

function single(rows: OrderRecord[]): OrderRecord | undefined {
  return rows[0];
}

/** The columns an order is placed with; the rest start at their defaults (null, version 1). */
const PLACED_ORDER_KEYS = [
  'userId',
  'accountId',
  'instrumentId',
  'side',
  'entryType',
  'status',
  'lots',
  'leverage',
  'unitsPerLot',
  'originPrice',
  'targetPrice',
  'openPrice',
  'margin',
  'fee',
  'stopLoss',
  'takeProfit',
  'idempotencyKey',
  'createdAt',
  'openedAt',
  'updatedAt',
] as const satisfies readonly (keyof NewOrderRow)[];

export type PlacedOrderRow = Pick<NewOrderRow, (typeof PLACED_ORDER_KEYS)[number]>;

const others = alias(orders, 'others');
const INSERT_ORDER_COUNTING_LIVE = statement(
  'meridian_insert_order_counting_live',
  sql`insert into ${orders} (${columnList(orders, PLACED_ORDER_KEYS)})
    values (${placeholders(PLACED_ORDER_KEYS)})
    returning *, (select count(*)::int from ${orders} as ${others} where ${and(
      eq(others.userId, orders.userId),
      inArray(others.status, LIVE_STATUSES),
      ne(others.id, orders.id),
    )}) as live_orders_before`,
);

/**
 * Inserts an order and answers with it how many live orders its user had besides it, in one
 * statement. The count runs on the statement's own snapshot, taken after the caller's account lock,
 * so it sees every order committed before; it leaves out the new row by its id.
 */
export async function insertOrderCountingLive(
  tx: Tx,
  values: PlacedOrderRow,
): Promise<{ order: OrderRecord; liveOrdersBefore: number }> {
  const rows = await runStatement(
    tx,
    INSERT_ORDER_COUNTING_LIVE,
    driverValues(orders, PLACED_ORDER_KEYS, values),
  );
  const [order] = recordsOf(orders, rows);
  if (!order) throw new Error('insert into orders returned no row');
  return { order, liveOrdersBefore: Number(rows[0]?.live_orders_before) };
}

export async function findOrder(db: DbOrTx, orderId: OrderId): Promise<OrderRecord | undefined> {
  return single(await db.select().from(orders).where(eq(orders.id, orderId)));
}

/** The order only when it belongs to the user: another user's id reads as missing. */
export async function findOrderOfUser(
  db: DbOrTx,
  orderId: OrderId,
  userId: UserId,
): Promise<OrderRecord | undefined> {
  return single(
    await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId))),
  );
}

export async function findByIdempotencyKey(
  db: DbOrTx,
  userId: UserId,
  key: string,
): Promise<OrderRecord | undefined> {
  return single(
    await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key))),
  );
}

/** A user's orders in one live status, newest first (at most the open-order limit). */
export async function listOrdersOfUser(
  db: DbOrTx,
  userId: UserId,
  status: 'pending' | 'holding',
): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, status)))
    .orderBy(desc(orders.id));
}

/** Every live order of an account, oldest first (the demo reset, the stop-out). */
export async function listLiveOrdersOfAccount(db: DbOrTx, accountId: AccountId): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), inArray(orders.status, LIVE_STATUSES)))
    .orderBy(orders.id);
}

/** Every live order (the engine's rebuild). */
export async function listAllLiveOrders(db: DbOrTx): Promise<OrderRecord[]> {
  return db.select().from(orders).where(inArray(orders.status, LIVE_STATUSES)).orderBy(orders.id);
}

const bump = { version: sql`${orders.version} + 1` };

/** Holding -> closed, once: answers undefined when the order was not holding any more. */
export async function markClosed(
  tx: Tx,
  change: {
    orderId: OrderId;
    closePrice: string;
    realisedProfit: string;
    reason: CloseReasonValue;
    at: Date;
  },
): Promise<OrderRecord | undefined> {
  return single(
    await tx
      .update(orders)
      .set({
        status: 'closed',
        closePrice: change.closePrice,
        realisedProfit: change.realisedProfit,
        closeReason: change.reason,
        closedAt: change.at,
        updatedAt: change.at,
        ...bump,
      })
      .where(and(eq(orders.id, change.orderId), eq(orders.status, 'holding')))
      .returning(),
  );
}

/** Pending -> cancelled, once. */
export async function markCancelled(
  tx: Tx,
  change: { orderId: OrderId; reason: CloseReasonValue; at: Date },
): Promise<OrderRecord | undefined> {
  return single(
    await tx
      .update(orders)
      .set({
        status: 'cancelled',
        closeReason: change.reason,
        closedAt: change.at,
        updatedAt: change.at,
        ...bump,
      })
      .where(and(eq(orders.id, change.orderId), eq(orders.status, 'pending')))
      .returning(),
  );
}

/**
 * Pending -> holding at its target, once, and only while the target is still the one that fired
 * (numeric comparison, so '1.085' equals '1.08500000').
 */
export async function markFilled(
  tx: Tx,
  change: { orderId: OrderId; price: string; at: Date },
): Promise<OrderRecord | undefined> {
  return single(
    await tx
      .update(orders)
      .set({ status: 'holding', openPrice: change.price, openedAt: change.at, updatedAt: change.at, ...bump })
      .where(
        and(
          eq(orders.id, change.orderId),
          eq(orders.status, 'pending'),
          sql`${orders.targetPrice} = ${change.price}::numeric`,
        ),
      )
      .returning(),
  );
}

/** New stops, only while the order is still in the status they were checked against. */
export async function updateStops(
  tx: Tx,
  change: {
    orderId: OrderId;
    status: 'pending' | 'holding';
    stopLoss: string | null;
    takeProfit: string | null;
    at: Date;
  },
): Promise<OrderRecord | undefined> {
  return single(
    await tx
      .update(orders)
      .set({ stopLoss: change.stopLoss, takeProfit: change.takeProfit, updatedAt: change.at, ...bump })
      .where(and(eq(orders.id, change.orderId), eq(orders.status, change.status)))
      .returning(),
  );
}

/** Several orders by id, in ascending id order (one array parameter whatever their number). */
export async function findOrders(db: DbOrTx, orderIds: readonly OrderId[]): Promise<OrderRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(sql`${orders.id} = any(${sql.param([...orderIds])}::int[])`)
    .orderBy(orders.id);
}

/** Reads an order and holds its row lock until the transaction ends. */
export async function lockOrder(tx: Tx, orderId: OrderId): Promise<OrderRecord | undefined> {
  return single(await tx.select().from(orders).where(eq(orders.id, orderId)).for('update'));
}

/**
 * Announces a committed change of an order to the node running the engine (PostgreSQL NOTIFY is
 * delivered at commit, and not at all on rollback): `<schema>:<order id>:<version>`.
 */
export async function announceChange(tx: Tx, order: Pick<OrderRecord, 'id' | 'version'>): Promise<void> {
  await tx.execute(
    sql`select pg_notify('meridian_orders', current_schema() || ':' || ${order.id}::text || ':' || ${order.version}::text)`,
  );
}

/**
 * Inserts copies of a trader's order (copy trading), skipping any whose follow already copied that
 * order (the orders_copy_unique index): answers only the rows written now.
 */
export async function insertCopyOrders(tx: Tx, values: NewOrderRow[]): Promise<OrderRecord[]> {
  if (values.length === 0) return [];
  // One array parameter per column (unnest), not one parameter per value: the statement is built,
  // sent and planned in the same time for 5 rows or 5,000.
  const column = (pick: (row: NewOrderRow) => unknown) => sql.param(values.map((row) => pick(row) ?? null));
  const time = (value: Date | undefined | null) => (value ? value.toISOString() : null);
  const result = await tx.execute(sql`
    insert into ${orders} (user_id, account_id, instrument_id, side, entry_type, status, lots, leverage,
      units_per_lot, origin_price, target_price, open_price, close_price, margin, fee, stop_loss, take_profit,
      realised_profit, close_reason, follow_id, source_order_id, idempotency_key, created_at, opened_at,
      closed_at, updated_at, version)
    select * from unnest(
    ${column((r) => r.userId)}::int[], ${column((r) => r.accountId)}::int[], ${column((r) => r.instrumentId)}::int[],
    ${column((r) => r.side)}::text[], ${column((r) => r.entryType)}::text[], ${column((r) => r.status)}::text[],
    ${column((r) => r.lots)}::numeric[], ${column((r) => r.leverage)}::int[], ${column((r) => r.unitsPerLot)}::numeric[],
    ${column((r) => r.originPrice)}::numeric[], ${column((r) => r.targetPrice)}::numeric[], ${column((r) => r.openPrice)}::numeric[],
    ${column((r) => r.closePrice)}::numeric[], ${column((r) => r.margin)}::numeric[], ${column((r) => r.fee)}::numeric[],
    ${column((r) => r.stopLoss)}::numeric[], ${column((r) => r.takeProfit)}::numeric[], ${column((r) => r.realisedProfit)}::numeric[],
    ${column((r) => r.closeReason)}::text[], ${column((r) => r.followId)}::int[], ${column((r) => r.sourceOrderId)}::int[],
    ${column((r) => r.idempotencyKey)}::text[], ${column((r) => time(r.createdAt))}::timestamptz[], ${column((r) => time(r.openedAt))}::timestamptz[],
    ${column((r) => time(r.closedAt))}::timestamptz[], ${column((r) => time(r.updatedAt))}::timestamptz[], ${column((r) => r.version ?? 0)}::int[])
    on conflict (follow_id, source_order_id) where follow_id is not null do nothing
    returning *`);
  return recordsOf(orders, rowsOf<Record<string, unknown>>(result));
}

/**
 * Holding -> closed for many orders in one statement, each at most once (only rows still holding
 * change); answers the orders closed now.
 */
export async function markManyClosed(
  tx: Tx,
  changes: readonly {
    orderId: OrderId;
    closePrice: string;
    realisedProfit: string;
    /** This order's reason, when not the call's (a batch of stop-losses and take-profits). */
    reason?: CloseReasonValue | undefined;
  }[],
  reason: CloseReasonValue,
  at: Date,
): Promise<OrderRecord[]> {
  if (changes.length === 0) return [];
  const column = (pick: (change: (typeof changes)[number]) => string | number) =>
    sql.param(changes.map(pick));
  const result = await tx.execute(sql`
    update ${orders} as target
    set status = 'closed', close_price = next.close_price, realised_profit = next.realised_profit,
        close_reason = next.reason, closed_at = ${at}, updated_at = ${at}, version = target.version + 1
    from unnest(${column((change) => change.orderId)}::int[], ${column((change) => change.closePrice)}::numeric[],
                ${column((change) => change.realisedProfit)}::numeric[],
                ${column((change) => change.reason ?? reason)}::text[]) as next(id, close_price, realised_profit, reason)
    where target.id = next.id and target.status = 'holding'
    returning target.*`);
  return recordsOf(orders, rowsOf<Record<string, unknown>>(result));
}

/** Live (pending and holding) orders per user, for the open-order limit of many users at once. */
/** Pending and holding orders on one instrument (its precision and session change only at 0). */
export async function countLiveOrdersOnInstrument(db: DbOrTx, instrumentId: number): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.instrumentId, instrumentId), inArray(orders.status, LIVE_STATUSES)));
  return Number(rows[0]?.count ?? 0);
}

/** Pending and holding orders by instrument (the back office's instrument table). */
export async function countLiveOrdersByInstrument(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ instrumentId: orders.instrumentId, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.status, LIVE_STATUSES))
    .groupBy(orders.instrumentId);
  return new Map(rows.map((row) => [row.instrumentId, Number(row.count)]));
}

export async function countLiveOrdersByUser(
  db: DbOrTx,
  userIds: readonly UserId[],
): Promise<Map<UserId, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: orders.userId, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        sql`${orders.userId} = any(${sql.param([...userIds])}::int[])`,
        inArray(orders.status, LIVE_STATUSES),
      ),
    )
    .groupBy(orders.userId);
  return new Map(rows.map((row) => [row.userId, Number(row.count)]));
}
