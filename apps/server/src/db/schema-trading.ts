import type { OrderId } from '@meridian/domain/ids';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, decimal } from './columns';
import { follows } from './schema-copy';
import { accountReference, instruments, userReference } from './schema-core';

/**
 * Orders: a pending order waiting for its target, a holding position, or the record of a closed or
 * cancelled one (ARCHITECTURE.md "Trading rules"). The money an order holds lives in the ledger
 * (its margin bucket); `margin` and `fee` here are what was reserved and charged at placement, kept
 * for the order list and checked against the ledger by the tests. Every change of status happens
 * in the same transaction as its ledger entries and is guarded by the status it leaves
 * (`update ... where status = 'holding'`), so each transition happens once.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').$type<OrderId>().primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id'),
    accountId: accountReference('account_id'),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    /** 'buy' or 'sell' (the wire's OrderType 1 or 2). */
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    /** 'market' (filled at once) or 'pending' (waits for its target). */
    entryType: text('entry_type').$type<'market' | 'pending'>().notNull(),
    status: text('status').$type<'pending' | 'holding' | 'closed' | 'cancelled'>().notNull(),
    lots: decimal('lots').notNull(),
    /** The chosen leverage (the spec's multiple); null on a fixed-margin instrument. */
    leverage: integer('leverage'),
    /** The instrument's units per lot when the order was placed: its profit never changes with a later edit. */
    unitsPerLot: decimal('units_per_lot').notNull(),
    /** The price the order would have opened at when it was sent (ask for a buy, bid for a sell). */
    originPrice: decimal('origin_price').notNull(),
    /** A pending order's target; null for a market order. */
    targetPrice: decimal('target_price'),
    /** The fill price: the quote's open side for a market order, the target for a pending one. */
    openPrice: decimal('open_price'),
    closePrice: decimal('close_price'),
    /** Margin reserved at placement (CautionMoney), 6 places. */
    margin: decimal('margin').notNull(),
    /** Fee charged at placement (TradeFee), 6 places. */
    fee: decimal('fee').notNull(),
    stopLoss: decimal('stop_loss'),
    takeProfit: decimal('take_profit'),
    /** Profit booked at the close (FactProfits of a closed order), 6 places. */
    realisedProfit: decimal('realised_profit'),
    closeReason: text('close_reason').$type<
      'user' | 'stop_loss' | 'take_profit' | 'stop_out' | 'demo_reset' | 'trader_closed' | 'copy_stopped'
    >(),
    /** A copy (copy trading): the follow that opened it and the trader's order it copies. */
    followId: integer('follow_id').references(() => follows.id),
    sourceOrderId: integer('source_order_id')
      .$type<OrderId>()
      .references((): AnyPgColumn => orders.id),
    /** The client's Idempotency-Key: the same key never opens a second order for the user. */
    idempotencyKey: text('idempotency_key'),
    createdAt: at('created_at').notNull().defaultNow(),
    openedAt: at('opened_at'),
    /** When the order closed or was cancelled. */
    closedAt: at('closed_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Grows with every change of the row (optimistic checks and debugging). */
    version: integer('version').notNull().default(0),
  },
  (table) => [
    uniqueIndex('orders_idempotency_unique').on(table.userId, table.idempotencyKey),
    // The holding and pending tabs of my_deal, and the count of live orders per user.
    index('orders_user_status_idx').on(table.userId, table.status, table.id),
    // The history tab, newest close first.
    index('orders_user_history_idx')
      .on(table.userId, table.closedAt, table.id)
      .where(sql`${table.status} in ('closed', 'cancelled')`),
    // The engine's rebuild at start: every live order.
    index('orders_live_idx')
      .on(table.instrumentId, table.id)
      .where(sql`${table.status} in ('pending', 'holding')`),
    // A follow copies a trader's order at most once, however often the event and the sweep try.
    uniqueIndex('orders_copy_unique')
      .on(table.followId, table.sourceOrderId)
      .where(sql`${table.followId} is not null`),
    // The copies to close when their trader's order closes.
    index('orders_source_idx')
      .on(table.sourceOrderId, table.status)
      .where(sql`${table.sourceOrderId} is not null`),
    // A follower's copied orders, newest first.
    index('orders_user_copies_idx').on(table.userId, table.id).where(sql`${table.followId} is not null`),
    check('orders_copy_pair', sql`(${table.followId} is null) = (${table.sourceOrderId} is null)`),
    check('orders_side', sql`${table.side} in ('buy', 'sell')`),
    check('orders_entry_type', sql`${table.entryType} in ('market', 'pending')`),
    check('orders_status', sql`${table.status} in ('pending', 'holding', 'closed', 'cancelled')`),
    check(
      'orders_close_reason',
      sql`${table.closeReason} is null or ${table.closeReason} in ('user', 'stop_loss', 'take_profit', 'stop_out', 'demo_reset', 'trader_closed', 'copy_stopped')`,
    ),
    check('orders_lots_positive', sql`${table.lots} > 0 and ${table.unitsPerLot} > 0`),
    check('orders_amounts_nonnegative', sql`${table.margin} >= 0 and ${table.fee} >= 0`),
    check(
      'orders_prices_positive',
      sql`${table.originPrice} > 0 and coalesce(${table.targetPrice}, 1) > 0 and coalesce(${table.openPrice}, 1) > 0 and coalesce(${table.closePrice}, 1) > 0 and coalesce(${table.stopLoss}, 1) > 0 and coalesce(${table.takeProfit}, 1) > 0`,
    ),
    check('orders_leverage_positive', sql`${table.leverage} is null or ${table.leverage} > 0`),
    check(
      'orders_pending_has_target',
      sql`(${table.entryType} = 'pending') = (${table.targetPrice} is not null)`,
    ),
    // The second check of every transition (the service checks first): the columns a state needs.
    check(
      'orders_opened_state',
      sql`(${table.status} in ('holding', 'closed')) = (${table.openPrice} is not null and ${table.openedAt} is not null)`,
    ),
    check(
      'orders_closed_state',
      sql`(${table.status} = 'closed') = (${table.closePrice} is not null and ${table.realisedProfit} is not null)`,
    ),
    check(
      'orders_ended_state',
      sql`(${table.status} in ('closed', 'cancelled')) = (${table.closedAt} is not null and ${table.closeReason} is not null)`,
    ),
  ],
);
