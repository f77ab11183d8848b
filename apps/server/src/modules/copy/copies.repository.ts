import type { OrderId, UserId } from '@meridian/domain/ids';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/migrate';
import { copySkips, follows, instruments, orders, traders } from '../../db/schema';
import type { OrderRecord } from '../../events';
import { SERVER_LIMITS } from '../../limits';
import { LIVE_FOLLOW } from './follows.repository';

// Copies (orders with a follow) and the copies skipped (copy_skips): what mirroring wrote.

/** Which of the follows already answered the source order: copied it or skipped it. */
export async function followsThatAnswered(
  tx: DbOrTx,
  sourceOrderId: OrderId,
  followIds: readonly number[],
): Promise<Set<number>> {
  if (followIds.length === 0) return new Set();
  const ids = [...followIds];
  const [copied, skipped] = await Promise.all([
    tx
      .select({ followId: orders.followId })
      .from(orders)
      .where(
        and(eq(orders.sourceOrderId, sourceOrderId), sql`${orders.followId} = any(${sql.param(ids)}::int[])`),
      ),
    tx
      .select({ followId: copySkips.followId })
      .from(copySkips)
      .where(
        and(
          eq(copySkips.sourceOrderId, sourceOrderId),
          sql`${copySkips.followId} = any(${sql.param(ids)}::int[])`,
        ),
      ),
  ]);
  return new Set([...copied.map((row) => row.followId as number), ...skipped.map((row) => row.followId)]);
}

export async function insertSkips(
  tx: DbOrTx,
  values: {
    followId: number;
    sourceOrderId: OrderId;
    reason: string;
    params: Record<string, string>;
    at: Date;
  }[],
): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await tx
    .insert(copySkips)
    .values(values.map(({ at, ...rest }) => ({ ...rest, createdAt: at })))
    .onConflictDoNothing({ target: [copySkips.followId, copySkips.sourceOrderId] })
    .returning({ id: copySkips.id });
  return rows.length;
}

// Copies.

/** Holding copies of a trader's order whose follow still mirrors closes (active or paused). */
export async function holdingCopiesOfSource(db: DbOrTx, sourceOrderId: OrderId): Promise<OrderRecord[]> {
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(follows, eq(follows.id, orders.followId))
    .where(
      and(
        eq(orders.sourceOrderId, sourceOrderId),
        eq(orders.status, 'holding'),
        inArray(follows.state, LIVE_FOLLOW),
      ),
    )
    .orderBy(orders.accountId);
  return rows.map((row) => row.order);
}

export async function holdingCopiesOfFollow(db: DbOrTx, followId: number): Promise<OrderRecord[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.followId, followId), eq(orders.status, 'holding')))
    .orderBy(orders.id);
}

/** Holding copies of many follows (results, copy stop-loss). */
export async function holdingCopiesOfFollows(
  db: DbOrTx,
  followIds: readonly number[],
): Promise<OrderRecord[]> {
  if (followIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.followId, [...followIds]), eq(orders.status, 'holding')));
}

type ClosedCopyTotals = { followId: number; count: number; net: string };

/** Per follow: closed copies and the sum of their realised profit minus fees. */
export async function closedCopyTotals(
  db: DbOrTx,
  followIds: readonly number[],
): Promise<Map<number, ClosedCopyTotals>> {
  if (followIds.length === 0) return new Map();
  const rows = await db
    .select({
      followId: orders.followId,
      count: sql<number>`count(*)::int`,
      net: sql<string>`coalesce(sum(${orders.realisedProfit} - ${orders.fee}), 0)::text`,
    })
    .from(orders)
    .where(and(inArray(orders.followId, [...followIds]), eq(orders.status, 'closed')))
    .groupBy(orders.followId);
  return new Map(
    rows.map((row) => [
      row.followId as number,
      { followId: row.followId as number, count: Number(row.count), net: row.net },
    ]),
  );
}

export async function countSkips(db: DbOrTx, followIds: readonly number[]): Promise<Map<number, number>> {
  if (followIds.length === 0) return new Map();
  const rows = await db
    .select({ followId: copySkips.followId, count: sql<number>`count(*)::int` })
    .from(copySkips)
    .where(inArray(copySkips.followId, [...followIds]))
    .groupBy(copySkips.followId);
  return new Map(rows.map((row) => [row.followId, Number(row.count)]));
}

export async function listSkips(db: DbOrTx, followId: number, limit: number) {
  return db
    .select({
      sourceOrderId: copySkips.sourceOrderId,
      reason: copySkips.reason,
      params: copySkips.params,
      createdAt: copySkips.createdAt,
      showCode: instruments.showCode,
    })
    .from(copySkips)
    .innerJoin(orders, eq(orders.id, copySkips.sourceOrderId))
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .where(eq(copySkips.followId, followId))
    .orderBy(desc(copySkips.id))
    .limit(limit);
}

const copiesOf = (userId: UserId, status: 'holding' | 'closed' | undefined, followId: number | undefined) =>
  and(
    eq(orders.userId, userId),
    isNotNull(orders.followId),
    status ? eq(orders.status, status) : inArray(orders.status, ['holding', 'closed']),
    followId !== undefined ? eq(orders.followId, followId) : undefined,
  );

/** A page of a user's copies, newest first, with the trader's name. */
export async function copyOrdersPage(
  db: DbOrTx,
  userId: UserId,
  filter: {
    status: 'holding' | 'closed' | undefined;
    followId: number | undefined;
    offset: number;
    limit: number;
  },
) {
  const where = copiesOf(userId, filter.status, filter.followId);
  const [rows, total] = await Promise.all([
    db
      .select({ order: orders, traderName: traders.displayName })
      .from(orders)
      .innerJoin(follows, eq(follows.id, orders.followId))
      .innerJoin(traders, eq(traders.id, follows.traderId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows, total: Number(total[0]?.count ?? 0) };
}

// The sweep.

/**
 * Trader orders opened since `since` that an active follow (copying when they opened) has neither
 * copied nor skipped: the opens a crash or a failed batch missed.
 */
export async function missedOpens(
  db: DbOrTx,
  since: Date,
): Promise<{ sourceOrderId: OrderId; followId: number }[]> {
  const result = await db.execute(sql`
    select source.id as source_order_id, follow.id as follow_id
    from orders source
    join traders trader on trader.user_id = source.user_id
    join follows follow on follow.trader_id = trader.id and follow.state = 'active'
      and follow.active_since <= source.opened_at
    where source.status = 'holding' and source.follow_id is null and source.opened_at > ${since.toISOString()}::timestamptz
      and not exists (select 1 from orders copy where copy.follow_id = follow.id and copy.source_order_id = source.id)
      and not exists (select 1 from copy_skips skip where skip.follow_id = follow.id and skip.source_order_id = source.id)
    order by source.id, follow.id
    limit ${SERVER_LIMITS.copySweepRowsMax}`);
  return rowsOf<{ source_order_id: OrderId; follow_id: number }>(result).map((row) => ({
    sourceOrderId: row.source_order_id,
    followId: row.follow_id,
  }));
}

/**
 * Holding copies that should be closed: their trader's order closed while the follow mirrors closes,
 * or their follow stopped asking for its copies to be closed.
 */
export async function copiesToClose(
  db: DbOrTx,
): Promise<{ order: OrderRecord; reason: 'trader_closed' | 'copy_stopped' }[]> {
  const rows = await db
    .select({ order: orders, sourceStatus: sql<string>`source.status`, state: follows.state })
    .from(orders)
    .innerJoin(follows, eq(follows.id, orders.followId))
    .innerJoin(sql`orders as source`, sql`source.id = ${orders.sourceOrderId}`)
    .where(
      and(
        eq(orders.status, 'holding'),
        isNotNull(orders.followId),
        sql`((source.status = 'closed' and ${follows.state} in ('active', 'paused')) or (${follows.state} = 'stopped' and ${follows.closeCopies}))`,
      ),
    )
    .limit(SERVER_LIMITS.copySweepRowsMax);
  return rows.map((row) => ({
    order: row.order,
    reason: row.state === 'stopped' ? 'copy_stopped' : 'trader_closed',
  }));
}

export async function findOrdersByIds(db: DbOrTx, orderIds: readonly OrderId[]): Promise<OrderRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}
