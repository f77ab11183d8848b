import { FILL_KINDS, fillRule } from '@meridian/domain/fill-invariant';
import type { OrderId } from '@meridian/domain/ids';
import { and, asc, desc, eq, getTableColumns, gte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { executionRecords, instruments, orders } from '../../db/schema';

/** Execution records as stored: written once, read by order; never updated or deleted. */
type ExecutionRow = typeof executionRecords.$inferSelect;
type NewExecutionRow = typeof executionRecords.$inferInsert;

/**
 * The rows in one statement, with one array parameter per column (unnest), whatever their number:
 * the engine's batched close writes up to a thousand at once, which as a multi-row
 * VALUES would be 15,000 parameters built, sent and parsed. A column added to the table must be
 * added here too.
 */
export async function insertExecutionRows(tx: Tx, rows: readonly NewExecutionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (pick: (row: NewExecutionRow) => unknown) => sql.param(rows.map((row) => pick(row) ?? null));
  const time = (value: Date | null | undefined) => (value ? value.toISOString() : null);
  await tx.execute(sql`
    insert into ${executionRecords} (order_id, account_id, kind, side, price, bid, ask, markup_points, source,
      quoted_at, feed_at, requested_at, filled_at, trigger_price, crossing_bid, crossing_ask)
    select * from unnest(
      ${column((r) => r.orderId)}::int[], ${column((r) => r.accountId)}::int[], ${column((r) => r.kind)}::text[],
      ${column((r) => r.side)}::text[], ${column((r) => r.price)}::numeric[], ${column((r) => r.bid)}::numeric[],
      ${column((r) => r.ask)}::numeric[], ${column((r) => r.markupPoints)}::int[], ${column((r) => r.source)}::text[],
      ${column((r) => time(r.quotedAt))}::timestamptz[], ${column((r) => time(r.feedAt))}::timestamptz[],
      ${column((r) => time(r.requestedAt))}::timestamptz[],
      ${column((r) => time(r.filledAt))}::timestamptz[], ${column((r) => r.triggerPrice)}::numeric[],
      ${column((r) => r.crossingBid)}::numeric[], ${column((r) => r.crossingAsk)}::numeric[])`);
}

/** An order's rows, oldest first (the index on order id and id). */
export function selectExecutionRows(db: DbOrTx, orderId: OrderId): Promise<ExecutionRow[]> {
  return db
    .select()
    .from(executionRecords)
    .where(eq(executionRecords.orderId, orderId))
    .orderBy(asc(executionRecords.id));
}

/** The columns the fill invariant reads, by the quote side a rule names. */
const SIDE_COLUMN = { bid: executionRecords.bid, ask: executionRecords.ask } as const;
const CROSSING_COLUMN = { bid: executionRecords.crossingBid, ask: executionRecords.crossingAsk } as const;

/**
 * The fill invariant (domain fill-invariant.ts) as one SQL condition, built from `fillRule` for every
 * kind and side, so the database counts the fills that break it without sending them: true for a
 * fill that breaks it (an unknown kind or side breaks it too; a missing trigger or crossing quote too).
 */
function breaksInvariant(): SQL {
  const follows: SQL[] = [];
  for (const kind of FILL_KINDS)
    for (const side of ['buy', 'sell'] as const) {
      const rule = fillRule(kind, side);
      const which = and(eq(executionRecords.kind, kind), eq(executionRecords.side, side));
      if (rule.price !== 'trigger') {
        follows.push(sql`(${which} and ${executionRecords.price} = ${SIDE_COLUMN[rule.price]})`);
        continue;
      }
      const crossing = CROSSING_COLUMN[rule.crossing];
      const reached =
        rule.reached === 'at_or_below'
          ? sql`${crossing} <= ${executionRecords.triggerPrice}`
          : sql`${crossing} >= ${executionRecords.triggerPrice}`;
      follows.push(
        sql`(${which} and ${executionRecords.price} = ${executionRecords.triggerPrice} and ${reached})`,
      );
    }
  return sql`not coalesce(${sql.join(follows, sql` or `)}, false)`;
}

/** Fills since `since` and how many break the fill invariant (the index on filled_at bounds the read). */
export async function countFillsSince(db: DbOrTx, since: Date): Promise<{ fills: number; broken: number }> {
  const [row] = await db
    .select({
      fills: sql<number>`count(*)::int`,
      broken: sql<number>`(count(*) filter (where ${breaksInvariant()}))::int`,
    })
    .from(executionRecords)
    .where(gte(executionRecords.filledAt, since));
  return { fills: Number(row?.fills ?? 0), broken: Number(row?.broken ?? 0) };
}

/** A broken fill with its order's instrument: the code staff read and its price places. */
type BrokenFillRow = ExecutionRow & { code: string; pricePrecision: number };

/** The newest `limit` fills since `since` that break the fill invariant, with their instrument. */
export function selectBrokenFillsSince(db: DbOrTx, since: Date, limit: number): Promise<BrokenFillRow[]> {
  return db
    .select({
      ...getTableColumns(executionRecords),
      code: instruments.showCode,
      pricePrecision: instruments.pricePrecision,
    })
    .from(executionRecords)
    .innerJoin(orders, eq(orders.id, executionRecords.orderId))
    .innerJoin(instruments, eq(instruments.id, orders.instrumentId))
    .where(and(gte(executionRecords.filledAt, since), breaksInvariant()))
    .orderBy(desc(executionRecords.id))
    .limit(limit);
}
