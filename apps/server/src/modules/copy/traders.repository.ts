import type { UserId } from '@meridian/domain/ids';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { findOne, insertOne } from '../../db/rows';
import { traders, users } from '../../db/schema';
import type { TraderNameKeys } from './trader-names';

// The traders table: who opted in to be followed, their names and their listing.

export type TraderRow = typeof traders.$inferSelect;

export async function findTraderByUser(db: DbOrTx, userId: UserId): Promise<TraderRow | undefined> {
  return findOne(db, traders, eq(traders.userId, userId));
}

export async function findTrader(db: DbOrTx, traderId: number): Promise<TraderRow | undefined> {
  return findOne(db, traders, eq(traders.id, traderId));
}

export async function insertTrader(
  tx: DbOrTx,
  values: { userId: UserId; displayName: string; strategy: string | null; at: Date } & TraderNameKeys,
): Promise<TraderRow> {
  return insertOne(tx, traders, { ...values, createdAt: values.at, updatedAt: values.at });
}

export async function updateTrader(
  tx: DbOrTx,
  traderId: number,
  values: { displayName?: string; listed?: boolean; at: Date } & Partial<TraderNameKeys>,
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

/**
 * A trader other than `exceptTraderId` whose name is the same without case or looks alike (listed
 * or not: a past trader's name stays theirs, their old followers still see it).
 */
export async function findTraderNameClash(
  db: DbOrTx,
  displayName: string,
  keys: TraderNameKeys,
  exceptTraderId: number | undefined,
): Promise<TraderRow | undefined> {
  const clash = or(
    sql`lower(${traders.displayName}) = lower(${displayName})`,
    eq(traders.nameSkeleton, keys.nameSkeleton),
    eq(traders.nameFoldedSkeleton, keys.nameFoldedSkeleton),
  );
  const others = exceptTraderId === undefined ? undefined : ne(traders.id, exceptTraderId);
  return (await db.select().from(traders).where(and(clash, others)).orderBy(traders.id).limit(1))[0];
}

/** Traders whose name keys are not filled yet (rows from before the keys existed), oldest first. */
export async function tradersWithoutNameKeys(db: DbOrTx): Promise<{ id: number; displayName: string }[]> {
  return db
    .select({ id: traders.id, displayName: traders.displayName })
    .from(traders)
    .where(isNull(traders.nameSkeleton))
    .orderBy(traders.id);
}

/** Fills a trader's name keys if still empty; another trader holding them fails on their unique index. */
export async function fillTraderNameKeys(db: DbOrTx, traderId: number, keys: TraderNameKeys): Promise<void> {
  await db
    .update(traders)
    .set(keys)
    .where(and(eq(traders.id, traderId), isNull(traders.nameSkeleton)));
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
export async function traderIdsByUser(db: DbOrTx): Promise<Map<UserId, number>> {
  const rows = await db.select({ id: traders.id, userId: traders.userId }).from(traders);
  return new Map(rows.map((row) => [row.userId, row.id]));
}
