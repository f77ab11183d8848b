import type { UserId } from '@meridian/domain/ids';
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { insertOne } from '../../db/rows';
import { follows, traders, users } from '../../db/schema';

// The follows table: who copies whom, with what settings, and which follows mirror an order.

export type FollowRow = typeof follows.$inferSelect;

type FollowState = FollowRow['state'];

type NewFollowRow = typeof follows.$inferInsert;

/** Follows that still copy (or may resume): active and paused. */
export const LIVE_FOLLOW: FollowState[] = ['active', 'paused'];

// Traders.

export async function insertFollow(tx: DbOrTx, values: NewFollowRow): Promise<FollowRow> {
  return insertOne(tx, follows, values);
}

/** The follow only when it belongs to the user: another user's reads as missing. */
export async function findFollowOfUser(db: DbOrTx, followId: number, userId: UserId) {
  return (
    await db
      .select()
      .from(follows)
      .where(and(eq(follows.id, followId), eq(follows.followerUserId, userId)))
  )[0];
}

export async function lockFollowOfUser(tx: Tx, followId: number, userId: UserId) {
  return (
    await tx
      .select()
      .from(follows)
      .where(and(eq(follows.id, followId), eq(follows.followerUserId, userId)))
      .for('update')
  )[0];
}

export async function findLiveFollow(db: DbOrTx, followerUserId: UserId, traderId: number) {
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

export async function countLiveFollowsOfUser(db: DbOrTx, userId: UserId): Promise<number> {
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
export async function listFollowsOfUser(db: DbOrTx, userId: UserId): Promise<FollowWithTrader[]> {
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
