import type { UserId } from '@meridian/domain/ids';
import type { Bar } from '@meridian/domain/strategies/indicators';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { rowsOf } from '../../../db/migrate';
import { traders, users } from '../../../db/schema';
import type { TraderNameKeys } from '../trader-names';

/**
 * The queries of the strategy traders: their trader rows and users, and the stored one-minute
 * candles their replay walks over. Candle prices are read as numbers: they become indicator inputs
 * (signals), and the one price that becomes an order's, the mid a replayed order is priced from, is
 * written back at the instrument's precision, which a number read from it keeps exactly.
 */

const SECOND_MS = 1000;

type StrategyTraderRow = {
  traderId: number;
  strategy: string;
  userId: UserId;
  uid: string;
  createdAt: Date;
};

/** Every trader row run by a strategy, with its user. */
export async function listStrategyTraders(db: DbOrTx): Promise<StrategyTraderRow[]> {
  const rows = await db
    .select({
      traderId: traders.id,
      strategy: traders.strategy,
      userId: users.id,
      uid: users.uid,
      createdAt: traders.createdAt,
    })
    .from(traders)
    .innerJoin(users, eq(users.id, traders.userId))
    .where(isNotNull(traders.strategy));
  return rows.flatMap((row) => (row.strategy === null ? [] : [{ ...row, strategy: row.strategy }]));
}

/** Adds the trader row of a strategy's user, listed from `at`. */
export async function insertStrategyTrader(
  db: DbOrTx,
  values: { userId: UserId; displayName: string; strategy: string; at: Date } & TraderNameKeys,
): Promise<number> {
  const rows = await db
    .insert(traders)
    .values({
      userId: values.userId,
      displayName: values.displayName,
      nameSkeleton: values.nameSkeleton,
      nameFoldedSkeleton: values.nameFoldedSkeleton,
      strategy: values.strategy,
      listed: true,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: traders.id });
  const row = rows[0];
  if (!row) throw new Error('insert into traders returned no row');
  return row.id;
}

/** The first and last stored one-minute candle starts of an instrument (Unix ms), if any. */
export async function minuteSpan(
  db: DbOrTx,
  instrumentId: number,
): Promise<{ firstMs: number; lastMs: number } | undefined> {
  const result = await db.execute(sql`
    select min(start_seconds) as first, max(start_seconds) as last from candles
    where instrument_id = ${instrumentId} and period_minutes = 1`);
  const row = rowsOf<{ first: number | string | null; last: number | string | null }>(result)[0];
  if (!row || row.first === null || row.last === null) return undefined;
  return { firstMs: Number(row.first) * SECOND_MS, lastMs: Number(row.last) * SECOND_MS };
}

/**
 * Stored one-minute candles with `fromMs <= start < toMs`, oldest first, prices as numbers. They are
 * read as one text ("start,open,high,low,close;..."): a replay reads tens of thousands of minutes,
 * and on the embedded database each result row costs about twenty times what its text does.
 */
export async function minuteBars(
  db: DbOrTx,
  instrumentId: number,
  fromMs: number,
  toMs: number,
): Promise<Bar[]> {
  const result = await db.execute(sql`
    select string_agg(concat_ws(',', start_seconds, open, high, low, close), ';' order by start_seconds) as minutes
    from candles
    where instrument_id = ${instrumentId} and period_minutes = 1
      and start_seconds >= ${Math.floor(fromMs / SECOND_MS)} and start_seconds < ${Math.ceil(toMs / SECOND_MS)}`);
  const text = rowsOf<{ minutes: string | null }>(result)[0]?.minutes;
  if (!text) return [];
  return text.split(';').map((line) => {
    const [start, open, high, low, close] = line.split(',').map(Number);
    return {
      time: (start as number) * SECOND_MS,
      open: open as number,
      high: high as number,
      low: low as number,
      close: close as number,
    };
  });
}
