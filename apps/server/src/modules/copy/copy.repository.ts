import { and, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { rowsOf } from '../../db/migrate';
import { copySkips, follows, instruments, orders, traders, users } from '../../db/schema';
import type { OrderRecord } from '../../events';

export type TraderRow = typeof traders.$inferSelect;
export type FollowRow = typeof follows.$inferSelect;
export type FollowState = FollowRow['state'];
export type NewFollowRow = typeof follows.$inferInsert;

const LIVE_FOLLOW: FollowState[] = ['active', 'paused'];

// Traders.

export async function findTraderByUser(db: DbOrTx, userId: number): Promise<TraderRow | undefined> {
  return (await db.select().from(traders).where(eq(traders.userId, userId)))[0];
}

export async function findTrader(db: DbOrTx, traderId: number): Promise<TraderRow | undefined> {
  return (await db.select().from(traders).where(eq(traders.id, traderId)))[0];
}

export async function insertTrader(
  tx: DbOrTx,
  values: { userId: number; displayName: string; strategy: string | null; at: Date },
): Promise<TraderRow> {
  const row = (
    await tx
      .insert(traders)
      .values({ ...values, createdAt: values.at, updatedAt: values.at })
      .returning()
  )[0];
  if (!row) throw new Error('insert into traders returned no row');
  return row;
}

export async function updateTrader(
  tx: DbOrTx,
  traderId: number,
  values: { displayName?: string; listed?: boolean; at: Date },
): Promise<TraderRow | undefined> {
  const { at, ...rest } = values;
  return (
    await tx
      .update(traders)
      .set({ ...rest, updatedAt: at })
      .where(eq(traders.id, traderId))
      .returning()
  )[0];
}

export type ListedTrader = TraderRow & { isDemo: boolean };

/** Listed traders with their side (demo or real). */
export async function listListedTraders(db: DbOrTx): Promise<ListedTrader[]> {
  const rows = await db
    .select({ trader: traders, isDemo: users.isDemo })
    .from(traders)
    .innerJoin(users, eq(users.id, traders.userId))
    .where(eq(traders.listed, true))
    .orderBy(traders.id);
  return rows.map((row) => ({ ...row.trader, isDemo: row.isDemo }));
}

export async function findTraderWithSide(db: DbOrTx, traderId: number): Promise<ListedTrader | undefined> {
  const row = (
    await db
      .select({ trader: traders, isDemo: users.isDemo })
      .from(traders)
      .innerJoin(users, eq(users.id, traders.userId))
      .where(eq(traders.id, traderId))
  )[0];
  return row ? { ...row.trader, isDemo: row.isDemo } : undefined;
}

/** user id -> trader id of every trader (listed or not): whose orders may have copies. */
export async function traderIdsByUser(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db.select({ id: traders.id, userId: traders.userId }).from(traders);
  return new Map(rows.map((row) => [row.userId, row.id]));
}

/** Active and paused followers per trader. */
export async function countFollowers(db: DbOrTx, traderIds: readonly number[]): Promise<Map<number, number>> {
  if (traderIds.length === 0) return new Map();
  const rows = await db
    .select({ traderId: follows.traderId, count: sql<number>`count(*)::int` })
    .from(follows)
    .where(and(inArray(follows.traderId, [...traderIds]), inArray(follows.state, LIVE_FOLLOW)))
    .groupBy(follows.traderId);
  return new Map(rows.map((row) => [row.traderId, Number(row.count)]));
}

/** The closed orders the statistics read, with the instrument's ShowCode, oldest close first. */
export async function closedOrdersOfUsers(db: DbOrTx, userIds: readonly number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      showCode: instruments.showCode,
      side: orders.side,
      lots: orders.lots,
      leverage: orders.leverage,
      openPrice: orders.openPrice,
      closePrice: orders.closePrice,
      openedAt: orders.openedAt,
      closedAt: orders.closedAt,
      margin: orders.margin,
      fee: orders.fee,
      realisedProfit: orders.realisedProfit,
    })
    .from(orders)
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .where(and(inArray(orders.userId, [...userIds]), eq(orders.status, 'closed')))
    .orderBy(orders.closedAt, orders.id);
}

/**
 * The money each account received before `until` (per account): deposits, demo credits, demo
 * top-ups and adjustments on the available balance, less withdrawals paid. The statistics' starting
 * equity (docs/decisions.md "Copy trading: statistics").
 */
export async function fundingOfAccounts(
  db: DbOrTx,
  accounts: readonly { accountId: number; until: Date }[],
): Promise<Map<number, string>> {
  if (accounts.length === 0) return new Map();
  const pairs = sql.join(
    accounts.map((item) => sql`(${item.accountId}::int, ${item.until.toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select wanted.account_id, coalesce(sum(entry.amount), 0)::text as total
    from (values ${pairs}) as wanted(account_id, until)
    left join ledger_entries entry on entry.account_id = wanted.account_id
      and entry.created_at <= wanted.until
      and ((entry.bucket = 'balance' and entry.kind in ('deposit', 'demo_credit', 'demo_reset', 'adjustment'))
        or (entry.bucket = 'lock' and entry.kind = 'withdraw_paid'))
    group by wanted.account_id`);
  return new Map(
    rowsOf<{ account_id: number; total: string }>(result).map((row) => [row.account_id, row.total]),
  );
}

export async function accountIdsOfUsers(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const result = await db.execute(
    sql`select id, user_id from trading_accounts where user_id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rowsOf<{ id: number; user_id: number }>(result).map((row) => [row.user_id, row.id]));
}

// Follows.

export async function insertFollow(tx: DbOrTx, values: NewFollowRow): Promise<FollowRow> {
  const row = (await tx.insert(follows).values(values).returning())[0];
  if (!row) throw new Error('insert into follows returned no row');
  return row;
}

/** The follow only when it belongs to the user: another user's reads as missing. */
export async function findFollowOfUser(db: DbOrTx, followId: number, userId: number) {
  return (
    await db
      .select()
      .from(follows)
      .where(and(eq(follows.id, followId), eq(follows.followerUserId, userId)))
  )[0];
}

export async function lockFollowOfUser(tx: Tx, followId: number, userId: number) {
  return (
    await tx
      .select()
      .from(follows)
      .where(and(eq(follows.id, followId), eq(follows.followerUserId, userId)))
      .for('update')
  )[0];
}

export async function findLiveFollow(db: DbOrTx, followerUserId: number, traderId: number) {
  return (
    await db
      .select()
      .from(follows)
      .where(
        and(
          eq(follows.followerUserId, followerUserId),
          eq(follows.traderId, traderId),
          inArray(follows.state, LIVE_FOLLOW),
        ),
      )
  )[0];
}

export async function countLiveFollowsOfUser(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(follows)
    .where(and(eq(follows.followerUserId, userId), inArray(follows.state, LIVE_FOLLOW)));
  return Number(rows[0]?.count ?? 0);
}

export async function updateFollow(
  tx: DbOrTx,
  followId: number,
  values: Partial<Omit<NewFollowRow, 'id' | 'followerUserId' | 'followerAccountId' | 'traderId'>>,
): Promise<FollowRow | undefined> {
  return (await tx.update(follows).set(values).where(eq(follows.id, followId)).returning())[0];
}

export type FollowWithTrader = FollowRow & { traderName: string; traderIsDemo: boolean };

/** A user's follows, live first then newest, with their trader's name and side. */
export async function listFollowsOfUser(db: DbOrTx, userId: number): Promise<FollowWithTrader[]> {
  const rows = await db
    .select({ follow: follows, traderName: traders.displayName, traderIsDemo: users.isDemo })
    .from(follows)
    .innerJoin(traders, eq(traders.id, follows.traderId))
    .innerJoin(users, eq(users.id, traders.userId))
    .where(eq(follows.followerUserId, userId))
    .orderBy(sql`${follows.state} = 'stopped'`, desc(follows.id));
  return rows.map((row) => ({ ...row.follow, traderName: row.traderName, traderIsDemo: row.traderIsDemo }));
}

export type MirrorFollow = Pick<
  FollowRow,
  'id' | 'followerUserId' | 'followerAccountId' | 'mode' | 'ratio' | 'amount'
>;

const mirrorColumns = {
  id: follows.id,
  followerUserId: follows.followerUserId,
  followerAccountId: follows.followerAccountId,
  mode: follows.mode,
  ratio: follows.ratio,
  amount: follows.amount,
};

/** Active follows of a trader that were copying when the order opened, in id order. */
export async function followsToMirror(db: DbOrTx, traderId: number, openedAt: Date): Promise<MirrorFollow[]> {
  return db
    .select(mirrorColumns)
    .from(follows)
    .where(
      and(eq(follows.traderId, traderId), eq(follows.state, 'active'), lte(follows.activeSince, openedAt)),
    )
    .orderBy(follows.id);
}

/**
 * Locks those of the given follows that are still active, in id order (every writer of a follow
 * takes its lock before its follower's account lock): a pause or stop racing a copy waits for it.
 */
export async function lockActiveFollows(tx: Tx, followIds: readonly number[]): Promise<MirrorFollow[]> {
  if (followIds.length === 0) return [];
  return tx
    .select(mirrorColumns)
    .from(follows)
    .where(and(sql`${follows.id} = any(${sql.param([...followIds])}::int[])`, eq(follows.state, 'active')))
    .orderBy(follows.id)
    .for('update');
}

/** Which of the follows already answered the source order: copied it or skipped it. */
export async function followsThatAnswered(
  tx: DbOrTx,
  sourceOrderId: number,
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
    sourceOrderId: number;
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
export async function holdingCopiesOfSource(db: DbOrTx, sourceOrderId: number): Promise<OrderRecord[]> {
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

export type ClosedCopyTotals = { followId: number; count: number; net: string };

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

const copiesOf = (userId: number, status: 'holding' | 'closed' | undefined, followId: number | undefined) =>
  and(
    eq(orders.userId, userId),
    isNotNull(orders.followId),
    status ? eq(orders.status, status) : inArray(orders.status, ['holding', 'closed']),
    followId !== undefined ? eq(orders.followId, followId) : undefined,
  );

/** A page of a user's copies, newest first, with the trader's name. */
export async function copyOrdersPage(
  db: DbOrTx,
  userId: number,
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
): Promise<{ sourceOrderId: number; followId: number }[]> {
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
    limit 5000`);
  return rowsOf<{ source_order_id: number; follow_id: number }>(result).map((row) => ({
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
    .limit(5000);
  return rows.map((row) => ({
    order: row.order,
    reason: row.state === 'stopped' ? 'copy_stopped' : 'trader_closed',
  }));
}

/** Live follows with a copy stop-loss and at least one copy: what the stop-loss check reads. */
export async function followsWithCopyStopLoss(db: DbOrTx) {
  return db
    .select({ id: follows.id, amount: follows.amount, stopLossPercent: follows.stopLossPercent })
    .from(follows)
    .where(
      and(
        inArray(follows.state, LIVE_FOLLOW),
        gt(follows.stopLossPercent, '0'),
        sql`exists (select 1 from orders copy where copy.follow_id = ${follows.id})`,
      ),
    );
}

/** Live follows of a trader (opting out stops them). */
export async function liveFollowsOfTrader(tx: Tx, traderId: number) {
  return tx
    .select()
    .from(follows)
    .where(and(eq(follows.traderId, traderId), inArray(follows.state, LIVE_FOLLOW)))
    .orderBy(follows.id)
    .for('update');
}

export async function findFollowsByIds(db: DbOrTx, followIds: readonly number[]): Promise<FollowRow[]> {
  if (followIds.length === 0) return [];
  return db
    .select()
    .from(follows)
    .where(inArray(follows.id, [...followIds]));
}

export async function findOrdersByIds(db: DbOrTx, orderIds: readonly number[]): Promise<OrderRecord[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}
