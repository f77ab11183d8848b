import type { ExecutionKind, ExecutionRecord } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading';
import { expectedFillPrice, type FillKind } from '@meridian/domain/fill-invariant';
import type { OrderId } from '@meridian/domain/ids';
import type { Quote } from '@meridian/domain/quote';
import type { DbOrTx, Tx } from '../../db/database';
import type { OrderRecord } from '../../events';
import type { LiveMarket, QuoteInfo } from '../../live-market';
import {
  countFillsSince,
  insertExecutionRows,
  selectBrokenFillsSince,
  selectExecutionRows,
} from './execution.repository';
import type { CloseReasonValue } from './trading.repository';

/**
 * The domain's fill kinds and the wire's are one list kept in two files (domain and contract may not
 * import each other): this fails to compile when they drift apart.
 */
type SameKinds = [FillKind] extends [ExecutionKind]
  ? [ExecutionKind] extends [FillKind]
    ? true
    : false
  : false;
export const FILL_KINDS_MATCH_THE_WIRE: SameKinds = true;

/**
 * The execution record: each fill keeps the quote it was made against, written by the
 * fill's own transaction (one insert per transaction, whatever the number of fills). Append-only:
 * nothing here updates or deletes, and the database refuses it (migration 0020's trigger).
 */

/** The first quote that crossed a trigger (the one the engine collected it on) and the trigger's price. */
export type Crossing = { triggerPrice: string; quote: Quote };

export type Fill = {
  order: Pick<OrderRecord, 'id' | 'accountId' | 'side'>;
  kind: ExecutionKind;
  price: string;
  quote: QuoteInfo;
  requestedAt: Date;
  filledAt: Date;
  crossing?: Crossing | undefined;
};

const CLOSE_KINDS: Record<CloseReasonValue, ExecutionKind> = {
  user: 'manual_close',
  stop_loss: 'stop_loss',
  take_profit: 'take_profit',
  stop_out: 'stop_out',
  trader_closed: 'copy_close',
  copy_stopped: 'copy_stopped',
  demo_reset: 'demo_reset',
};

export function closeKindOf(reason: CloseReasonValue): ExecutionKind {
  return CLOSE_KINDS[reason];
}

/** The quote an instrument's fill is made at now, with its source; undefined without a price. */
export function fillQuoteOf(market: LiveMarket, instrumentId: number): QuoteInfo | undefined {
  return market.quoteInfo(instrumentId);
}

/** Writes the fills' records in the caller's transaction, in one statement. */
export async function recordFills(tx: Tx, fills: readonly Fill[]): Promise<void> {
  if (fills.length === 0) return;
  await insertExecutionRows(
    tx,
    fills.map((fill) => ({
      orderId: fill.order.id,
      accountId: fill.order.accountId,
      kind: fill.kind,
      side: fill.order.side,
      price: fill.price,
      bid: fill.quote.quote.bid,
      ask: fill.quote.quote.ask,
      markupPoints: fill.quote.markupPoints,
      source: fill.quote.source,
      quotedAt: new Date(fill.quote.receivedMs),
      feedAt: fill.quote.feedMs === null ? null : new Date(fill.quote.feedMs),
      requestedAt: fill.requestedAt,
      filledAt: fill.filledAt,
      triggerPrice: fill.crossing?.triggerPrice ?? null,
      crossingBid: fill.crossing?.quote.bid ?? null,
      crossingAsk: fill.crossing?.quote.ask ?? null,
    })),
  );
}

/** An order's records, oldest first. */
export async function listExecutionRecords(db: DbOrTx, orderId: OrderId): Promise<ExecutionRecord[]> {
  const rows = await selectExecutionRows(db, orderId);
  return rows.map((row) => ({
    kind: row.kind as ExecutionKind,
    type: ORDER_TYPE[row.side],
    price: row.price,
    bid: row.bid,
    ask: row.ask,
    markup_points: row.markupPoints,
    source: row.source,
    quoted_at: row.quotedAt.getTime(),
    feed_at: row.feedAt?.getTime() ?? null,
    requested_at: row.requestedAt.getTime(),
    filled_at: row.filledAt.getTime(),
    trigger_price: row.triggerPrice,
    crossing_bid: row.crossingBid,
    crossing_ask: row.crossingAsk,
  }));
}

/** A fill that broke the fill invariant: its order, kind, side, price and the price expected (null: none could be). */
export type BrokenFill = {
  orderId: OrderId;
  /** The order's instrument (its shown code) and its price places. */
  code: string;
  pricePrecision: number;
  kind: ExecutionKind;
  side: 'buy' | 'sell';
  price: string;
  expected: string | null;
  filledAt: Date;
};

/** The window the back office's check reads, and the broken fills it lists at most. */
export const FILL_CHECK_WINDOW_MS = 24 * 60 * 60 * 1000;
const FILL_CHECK_LIST_MAX = 20;

/**
 * The fill invariant over the last 24 hours (domain fill-invariant.ts): the fills made,
 * how many did not fill at the price their recorded quote gives, and the newest of those. There
 * must be none. The database counts them (one condition built from the domain's rule, read through
 * the index on filled_at); the listed ones' expected price is the domain's.
 */
export async function checkRecentFills(
  db: DbOrTx,
  now: Date,
): Promise<{ since: Date; fills: number; broken: number; list: BrokenFill[] }> {
  const since = new Date(now.getTime() - FILL_CHECK_WINDOW_MS);
  const { fills, broken } = await countFillsSince(db, since);
  const rows = broken === 0 ? [] : await selectBrokenFillsSince(db, since, FILL_CHECK_LIST_MAX);
  return {
    since,
    fills,
    broken,
    list: rows.map((row) => ({
      orderId: row.orderId,
      code: row.code,
      pricePrecision: row.pricePrecision,
      kind: row.kind as ExecutionKind,
      side: row.side,
      price: row.price,
      expected: expectedFillPrice({ ...row, kind: row.kind as FillKind }),
      filledAt: row.filledAt,
    })),
  };
}
