import { and, asc, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import {
  executionQualityCursor,
  executionQualityDays,
  executionRecords,
  feedStalePeriods,
  orders,
} from '../../db/schema';

/**
 * The execution-quality figures: the daily rows the report reads, the job's cursor, the
 * execution records it reads (joined to their order for the instrument) and the feed's stale periods.
 */
export type QualityDayRow = typeof executionQualityDays.$inferSelect;
type NewQualityDayRow = typeof executionQualityDays.$inferInsert;
type CursorRow = typeof executionQualityCursor.$inferSelect;

/** A new record: which instrument and when it was filled (the pairs a run recomputes). */
type RecordTouch = { id: number; instrumentId: number; filledAt: Date };

/** A fill as the figures need it. */
type DayFillRow = {
  kind: string;
  side: 'buy' | 'sell';
  price: string;
  bid: string;
  ask: string;
  triggerPrice: string | null;
  requestedAt: Date;
  filledAt: Date;
};

/** The job's cursor row, created at 0 on the first run, locked to the caller's transaction. */
export async function lockCursor(tx: Tx, job: string, now: Date): Promise<CursorRow> {
  await tx
    .insert(executionQualityCursor)
    .values({ job, lastRecordId: 0, lastStaleId: 0, updatedAt: new Date(0) })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(executionQualityCursor)
    .where(eq(executionQualityCursor.job, job))
    .for('update');
  if (!row) throw new Error(`execution-quality cursor ${job} missing at ${now.toISOString()}`);
  return row;
}

/** Moves the cursor on from the values read; false when another run moved it meanwhile. */
export async function advanceCursor(
  tx: Tx,
  job: string,
  from: Pick<CursorRow, 'lastRecordId' | 'lastStaleId'>,
  to: Pick<CursorRow, 'lastRecordId' | 'lastStaleId' | 'updatedAt'>,
): Promise<boolean> {
  const moved = await tx
    .update(executionQualityCursor)
    .set(to)
    .where(
      and(
        eq(executionQualityCursor.job, job),
        eq(executionQualityCursor.lastRecordId, from.lastRecordId),
        eq(executionQualityCursor.lastStaleId, from.lastStaleId),
      ),
    )
    .returning({ job: executionQualityCursor.job });
  return moved.length === 1;
}

/** The cursor as it stands (the report's "updated at"), or undefined before the first run. */
export async function findCursor(db: DbOrTx, job: string): Promise<CursorRow | undefined> {
  const [row] = await db.select().from(executionQualityCursor).where(eq(executionQualityCursor.job, job));
  return row;
}

/** Records after the cursor, oldest first, at most `limit` (the primary key's order). */
export function recordsAfter(db: DbOrTx, afterId: number, limit: number): Promise<RecordTouch[]> {
  return db
    .select({
      id: executionRecords.id,
      instrumentId: orders.instrumentId,
      filledAt: executionRecords.filledAt,
    })
    .from(executionRecords)
    .innerJoin(orders, eq(orders.id, executionRecords.orderId))
    .where(gt(executionRecords.id, afterId))
    .orderBy(asc(executionRecords.id))
    .limit(limit);
}

/** One instrument's fills in [start, end) (the index on filled_at, then the order's key). */
export async function fillsBetween(
  db: DbOrTx,
  instrumentId: number,
  start: Date,
  end: Date,
): Promise<DayFillRow[]> {
  return db
    .select({
      kind: executionRecords.kind,
      side: executionRecords.side,
      price: executionRecords.price,
      bid: executionRecords.bid,
      ask: executionRecords.ask,
      triggerPrice: executionRecords.triggerPrice,
      requestedAt: executionRecords.requestedAt,
      filledAt: executionRecords.filledAt,
    })
    .from(executionRecords)
    .innerJoin(orders, eq(orders.id, executionRecords.orderId))
    .where(
      and(
        gte(executionRecords.filledAt, start),
        lt(executionRecords.filledAt, end),
        eq(orders.instrumentId, instrumentId),
      ),
    );
}

/** Replaces one instrument's day. */
export async function upsertDay(tx: Tx, row: NewQualityDayRow): Promise<void> {
  const { instrumentId: _instrument, day: _day, ...figures } = row;
  await tx
    .insert(executionQualityDays)
    .values(row)
    .onConflictDoUpdate({
      target: [executionQualityDays.instrumentId, executionQualityDays.day],
      set: figures,
    });
}

/** The daily rows from `fromDay` on (YYYY-MM-DD), of one instrument or all, oldest first. */
export function daysFrom(
  db: DbOrTx,
  fromDay: string,
  instrumentId: number | undefined,
): Promise<QualityDayRow[]> {
  return db
    .select()
    .from(executionQualityDays)
    .where(
      and(
        gte(executionQualityDays.day, fromDay),
        instrumentId === undefined ? undefined : eq(executionQualityDays.instrumentId, instrumentId),
      ),
    )
    .orderBy(asc(executionQualityDays.instrumentId), asc(executionQualityDays.day));
}

/** The periods a run must look at: new ones, still open ones, and those closed since `since`. */
export function staleChanges(db: DbOrTx, afterId: number, since: Date) {
  return db
    .select()
    .from(feedStalePeriods)
    .where(
      or(
        gt(feedStalePeriods.id, afterId),
        isNull(feedStalePeriods.endedAt),
        gte(feedStalePeriods.endedAt, since),
      ),
    )
    .orderBy(asc(feedStalePeriods.id));
}

/** One instrument's stale periods overlapping [start, end). */
export function stalePeriodsBetween(db: DbOrTx, instrumentId: number, start: Date, end: Date) {
  return db
    .select()
    .from(feedStalePeriods)
    .where(
      and(
        eq(feedStalePeriods.instrumentId, instrumentId),
        lt(feedStalePeriods.startedAt, end),
        or(isNull(feedStalePeriods.endedAt), gt(feedStalePeriods.endedAt, start)),
      ),
    );
}
