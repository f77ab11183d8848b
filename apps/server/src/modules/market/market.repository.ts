import type { Candle } from '@meridian/domain/candles';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { rowsOf } from '../../db/migrate';
import { findOne } from '../../db/rows';
import { categories, feedStalePeriods, instruments } from '../../db/schema';

type CategoryRow = typeof categories.$inferSelect;
export type InstrumentRow = typeof instruments.$inferSelect;
export type NewInstrument = typeof instruments.$inferInsert;

/** The two periods stored; the others are aggregated from minutes when read. */
export type StoredPeriodMinutes = 1 | 1440;
export type CandleWrite = { instrumentId: number; periodMinutes: StoredPeriodMinutes; candle: Candle };

const SECOND_MS = 1000;

// Categories and instruments.

export async function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id));
}

export async function insertMissingCategories(db: DbOrTx, rows: CategoryRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(categories).values(rows).onConflictDoNothing();
}

export async function insertMissingInstruments(db: DbOrTx, rows: NewInstrument[]): Promise<void> {
  if (rows.length > 0)
    await db.insert(instruments).values(rows).onConflictDoNothing({ target: instruments.code });
}

/** Enabled instruments in the list's order; the search by code or name is the service's (instrument-search.ts). */
export async function listEnabledInstruments(
  db: DbOrTx,
  filter: { categoryId?: number | undefined } = {},
): Promise<InstrumentRow[]> {
  const conditions: SQL[] = [eq(instruments.enabled, true)];
  if (filter.categoryId !== undefined) conditions.push(eq(instruments.categoryId, filter.categoryId));
  return db
    .select()
    .from(instruments)
    .where(and(...conditions))
    .orderBy(asc(instruments.categoryId), asc(instruments.sort), asc(instruments.id));
}

export async function findEnabledInstrument(db: DbOrTx, id: number): Promise<InstrumentRow | undefined> {
  return findOne(db, instruments, and(eq(instruments.id, id), eq(instruments.enabled, true)));
}

export async function listAllInstruments(db: DbOrTx): Promise<InstrumentRow[]> {
  return db.select().from(instruments).orderBy(asc(instruments.id));
}

/**
 * The instrument catalogue's version: a digest of the transaction id (`xmin`) that wrote each
 * instrument's and each setting's current row. Every committed write changes it, on any node and
 * by any hand (a back-office edit, a migration, an operator's SQL), with no column or counter to
 * keep; the settings are in it because the trading terms derived from the rows read two of them.
 */
export async function catalogueVersion(db: DbOrTx): Promise<string> {
  const result = await db.execute(sql`
    select md5(
      coalesce((select string_agg(id::text || ':' || xmin::text, ',' order by id) from instruments), '')
      || '|' ||
      coalesce((select string_agg(key || ':' || xmin::text, ',' order by key) from settings), '')
    ) as version`);
  const [row] = rowsOf<{ version: string }>(result);
  if (!row) throw new Error('the catalogue version query answered no row');
  return row.version;
}

/**
 * The terms staff edit in the back office (never a price: the base price is not among them; the
 * markup is a distance added to a real feed's quote, not a level).
 */
export type InstrumentTermsPatch = Partial<
  Pick<
    NewInstrument,
    | 'spread'
    | 'enabled'
    | 'leverages'
    | 'minLots'
    | 'maxLots'
    | 'pip'
    | 'feeRate'
    | 'pricePrecision'
    | 'session'
    | 'feedSymbol'
    | 'markupPoints'
  >
>;

/** An instrument's row, locked until the transaction ends (one edit of its terms at a time). */
export async function lockInstrument(tx: DbOrTx, id: number): Promise<InstrumentRow | undefined> {
  return findOne(tx, instruments, eq(instruments.id, id), { lock: true });
}

export async function updateInstrumentTerms(
  tx: DbOrTx,
  id: number,
  patch: InstrumentTermsPatch,
  at: Date,
): Promise<InstrumentRow | undefined> {
  const rows = await tx
    .update(instruments)
    .set({ ...patch, updatedAt: at })
    .where(eq(instruments.id, id))
    .returning();
  return rows[0];
}

export async function findInstrumentByCode(db: DbOrTx, code: string): Promise<InstrumentRow | undefined> {
  return findOne(db, instruments, eq(instruments.code, code));
}

// Candles. Times are Unix ms in code and Unix seconds in the table.

type CandleRecord = {
  start_seconds: number | string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
};

function toCandle(row: CandleRecord): Candle {
  return {
    time: Number(row.start_seconds) * SECOND_MS,
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
  };
}

/** Column arrays for `unnest`: one statement writes thousands of rows. */
function columnsOf(rows: readonly CandleWrite[]) {
  const columns = {
    ids: [] as number[],
    periods: [] as number[],
    starts: [] as number[],
    opens: [] as string[],
    highs: [] as string[],
    lows: [] as string[],
    closes: [] as string[],
    volumes: [] as string[],
  };
  for (const { instrumentId, periodMinutes, candle } of rows) {
    columns.ids.push(instrumentId);
    columns.periods.push(periodMinutes);
    columns.starts.push(candle.time / SECOND_MS);
    columns.opens.push(candle.open);
    columns.highs.push(candle.high);
    columns.lows.push(candle.low);
    columns.closes.push(candle.close);
    columns.volumes.push(candle.volume);
  }
  return columns;
}

function unnestRows(rows: readonly CandleWrite[]): SQL {
  const c = columnsOf(rows);
  return sql`select * from unnest(
    ${sql.param(c.ids)}::int[], ${sql.param(c.periods)}::smallint[], ${sql.param(c.starts)}::bigint[],
    ${sql.param(c.opens)}::numeric[], ${sql.param(c.highs)}::numeric[], ${sql.param(c.lows)}::numeric[],
    ${sql.param(c.closes)}::numeric[], ${sql.param(c.volumes)}::numeric[])`;
}

/**
 * Writes candles in one statement (none: nothing). `update` sets what a stored candle of the same
 * start becomes; without it, such a candle fails the statement.
 */
async function writeCandles(db: DbOrTx, rows: readonly CandleWrite[], update?: SQL): Promise<void> {
  if (rows.length === 0) return;
  const onConflict = update
    ? sql`on conflict (instrument_id, period_minutes, start_seconds) do update set ${update}`
    : sql``;
  await db.execute(sql`
    insert into candles (instrument_id, period_minutes, start_seconds, open, high, low, close, volume)
    ${unnestRows(rows)} ${onConflict}`);
}

/** Writes new candles in one statement; a candle that exists already is a broken invariant and fails. */
export async function insertCandles(db: DbOrTx, rows: readonly CandleWrite[]): Promise<void> {
  await writeCandles(db, rows);
}

/** Writes candles in one statement; a stored candle of the same start is replaced (the live path's newer state). */
export async function upsertCandles(db: DbOrTx, rows: readonly CandleWrite[]): Promise<void> {
  const replaced = sql`open = excluded.open, high = excluded.high, low = excluded.low,
    close = excluded.close, volume = excluded.volume`;
  await writeCandles(db, rows, replaced);
}

/**
 * Writes candles that continue stored ones of the same start (history filled after a stored part of
 * the same day): the stored part came first, so its open stays, the close is the new one, the
 * extremes and the volume combine.
 */
export async function mergeCandles(db: DbOrTx, rows: readonly CandleWrite[]): Promise<void> {
  const merged = sql`high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low),
    close = excluded.close, volume = candles.volume + excluded.volume`;
  await writeCandles(db, rows, merged);
}

export async function lastCandle(
  db: DbOrTx,
  instrumentId: number,
  periodMinutes: StoredPeriodMinutes,
): Promise<Candle | undefined> {
  const [row] = await storedCandles(
    db,
    instrumentId,
    periodMinutes,
    sql`order by start_seconds desc limit 1`,
  );
  return row;
}

/** Stored candles of one instrument and period, filtered further and ordered by `rest`. */
async function storedCandles(
  db: DbOrTx,
  instrumentId: number,
  periodMinutes: StoredPeriodMinutes,
  rest: SQL,
): Promise<Candle[]> {
  const result = await db.execute(sql`
    select start_seconds, open, high, low, close, volume from candles
    where instrument_id = ${instrumentId} and period_minutes = ${periodMinutes} ${rest}`);
  return rowsOf<CandleRecord>(result).map(toCandle);
}

/** Stored candles with `fromMs <= time < toMs`, oldest first. */
export async function candlesBetween(
  db: DbOrTx,
  instrumentId: number,
  periodMinutes: StoredPeriodMinutes,
  fromMs: number,
  toMs: number,
): Promise<Candle[]> {
  const from = Math.floor(fromMs / SECOND_MS);
  const to = Math.floor(toMs / SECOND_MS);
  return storedCandles(
    db,
    instrumentId,
    periodMinutes,
    sql`and start_seconds >= ${from} and start_seconds < ${to} order by start_seconds`,
  );
}

/** The latest `count` stored candles that start before `beforeMs`, oldest first. */
export async function latestCandles(
  db: DbOrTx,
  instrumentId: number,
  periodMinutes: StoredPeriodMinutes,
  beforeMs: number,
  count: number,
): Promise<Candle[]> {
  const before = Math.floor(beforeMs / SECOND_MS);
  const rest = sql`and start_seconds < ${before} order by start_seconds desc limit ${count}`;
  return (await storedCandles(db, instrumentId, periodMinutes, rest)).reverse();
}

/**
 * The latest `count` candles of `bucketMinutes` (5, 15, 30, 60 or 1440) aggregated from stored
 * minutes that start before `beforeMs` (a bucket boundary), oldest first. The scan starts at the
 * (count x bucketMinutes)-th minute back: no bucket holds more minutes, so that many buckets are
 * covered however many hours the market was closed in between.
 */
export async function latestAggregatedCandles(
  db: DbOrTx,
  instrumentId: number,
  bucketMinutes: number,
  beforeMs: number,
  count: number,
): Promise<Candle[]> {
  const bucketSeconds = bucketMinutes * 60;
  const beforeSeconds = Math.floor(beforeMs / SECOND_MS);
  const boundary = await db.execute(sql`
    select start_seconds from candles
    where instrument_id = ${instrumentId} and period_minutes = 1 and start_seconds < ${beforeSeconds}
    order by start_seconds desc offset ${count * bucketMinutes - 1} limit 1`);
  const oldest = rowsOf<{ start_seconds: number | string }>(boundary)[0];
  const fromSeconds = oldest
    ? Number(oldest.start_seconds) - (Number(oldest.start_seconds) % bucketSeconds)
    : 0;
  const result = await db.execute(sql`
    select start_seconds - start_seconds % ${bucketSeconds} as start_seconds,
      (array_agg(open order by start_seconds))[1] as open, max(high) as high, min(low) as low,
      (array_agg(close order by start_seconds desc))[1] as close, sum(volume) as volume
    from candles
    where instrument_id = ${instrumentId} and period_minutes = 1
      and start_seconds >= ${fromSeconds} and start_seconds < ${beforeSeconds}
    group by 1 order by 1 desc limit ${count}`);
  return rowsOf<CandleRecord>(result).map(toCandle).reverse();
}

/** The close of each hour with stored minutes since `fromMs`, oldest first (sparklines). */
export async function hourlyCloses(
  db: DbOrTx,
  instrumentId: number,
  fromMs: number,
): Promise<{ time: number; close: string }[]> {
  const result = await db.execute(sql`
    select distinct on (start_seconds / 3600) start_seconds / 3600 * 3600 as hour_start, close
    from candles
    where instrument_id = ${instrumentId} and period_minutes = 1 and start_seconds >= ${Math.floor(fromMs / SECOND_MS)}
    order by start_seconds / 3600, start_seconds desc`);
  return rowsOf<{ hour_start: number | string; close: string }>(result).map((row) => ({
    time: Number(row.hour_start) * SECOND_MS,
    close: row.close,
  }));
}

/** Prunes one-minute candles that start before `beforeMs`; day candles stay. Answers how many went. */
export async function deleteMinuteCandlesBefore(db: DbOrTx, beforeMs: number): Promise<number> {
  const result = await db.execute(sql`
    with deleted as (
      delete from candles where period_minutes = 1 and start_seconds < ${Math.floor(beforeMs / SECOND_MS)}
      returning 1)
    select count(*)::int as count from deleted`);
  return Number(rowsOf<{ count: number | string }>(result)[0]?.count ?? 0);
}

/**
 * The real feed's stale periods: a row opened when an instrument's price goes stale and
 * closed when quotes come back; the execution-quality job sums them per UTC day.
 */
export async function openStalePeriods(
  db: DbOrTx,
  instrumentIds: readonly number[],
  at: Date,
): Promise<void> {
  if (instrumentIds.length === 0) return;
  await db
    .insert(feedStalePeriods)
    .values(instrumentIds.map((instrumentId) => ({ instrumentId, startedAt: at })));
}

/** Closes the open stale periods of these instruments, or of every one (a start or a stop). */
export async function closeStalePeriods(
  db: DbOrTx,
  instrumentIds: readonly number[] | 'all',
  at: Date,
): Promise<void> {
  if (instrumentIds !== 'all' && instrumentIds.length === 0) return;
  await db
    .update(feedStalePeriods)
    .set({ endedAt: sql`greatest(${feedStalePeriods.startedAt}, ${at.toISOString()}::timestamptz)` })
    .where(
      and(
        isNull(feedStalePeriods.endedAt),
        instrumentIds === 'all' ? undefined : inArray(feedStalePeriods.instrumentId, [...instrumentIds]),
      ),
    );
}
