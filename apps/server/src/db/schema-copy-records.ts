import type { OrderId } from '@meridian/domain/ids';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { follows } from './schema-copy';
import { orders } from './schema-trading';

/**
 * A trader's order that a follow did not copy, with the reason key (copy.skip_below_min,
 * copy.skip_insufficient_balance, ...). With the copies' own unique (follow, source) index, a
 * follow answers each trader order once: copied or skipped, never both, never twice.
 */
export const copySkips = pgTable(
  'copy_skips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    followId: integer('follow_id')
      .notNull()
      .references(() => follows.id),
    sourceOrderId: integer('source_order_id')
      .$type<OrderId>()
      .notNull()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('copy_skips_follow_source_unique').on(table.followId, table.sourceOrderId),
    index('copy_skips_source_idx').on(table.sourceOrderId),
  ],
);
