import type { OrderId } from '@meridian/domain/ids';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, decimal } from './columns';
import { accountReference } from './schema-core';
import { orders } from './schema-trading';

/**
 * One row per fill: the quote the fill was made against, where it came from and when,
 * written in the same transaction as the fill. Append-only: a database trigger refuses UPDATE and
 * DELETE (migration 0020), so a record says what happened at the time, whoever asks later.
 */
export const executionRecords = pgTable(
  'execution_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .$type<OrderId>()
      .notNull()
      .references(() => orders.id),
    accountId: accountReference('account_id'),
    /** market_open, pending_fill, copy_open, manual_close, stop_loss, take_profit, stop_out, copy_close, copy_stopped, demo_reset. */
    kind: text('kind').notNull(),
    /** The order's side ('buy' or 'sell'). */
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    price: decimal('price').notNull(),
    /** The quote used, as customers saw it (with the markup). */
    bid: decimal('bid').notNull(),
    ask: decimal('ask').notNull(),
    markupPoints: integer('markup_points').notNull(),
    /** `simulator`, or a real feed's `role/kind:symbol`. */
    source: text('source').notNull(),
    /** When the quote reached us (our clock). */
    quotedAt: at('quoted_at').notNull(),
    /** The feed's own time of the quote (the venue's clock); null: the simulator, or a source without one. */
    feedAt: at('feed_at'),
    /** When the order request reached the server; for an engine fill, the tick's time. */
    requestedAt: at('requested_at').notNull(),
    filledAt: at('filled_at').notNull(),
    /** A trigger fill: its price and the first quote that crossed it (the one the engine collected on). */
    triggerPrice: decimal('trigger_price'),
    crossingBid: decimal('crossing_bid'),
    crossingAsk: decimal('crossing_ask'),
  },
  (table) => [
    index('execution_records_order_idx').on(table.orderId, table.id),
    // The back office's execution card reads the last 24 hours' fills, and the execution-quality job
    // recomputes one UTC day of fills (modules/execution): both read a bounded window of fill times.
    index('execution_records_filled_at_idx').on(table.filledAt),
  ],
);
