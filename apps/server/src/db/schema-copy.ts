import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, decimal } from './columns';
import { accountReference, userReference } from './schema-core';

/**
 * Traders of copy trading: users who opted in to be followed, and the platform's strategy traders
 * (whose orders its published rules place). Opting out keeps the row (`listed` false) so past
 * follows keep their trader. The statistics are computed from the user's closed orders, never
 * stored, so none can be typed in.
 */
export const traders = pgTable(
  'traders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id').unique(),
    displayName: text('display_name').notNull(),
    /** The published strategy's key for a strategy trader; null for a person. */
    strategy: text('strategy'),
    listed: boolean('listed').notNull().default(true),
    /**
     * The Unicode TR39 skeleton of the name (copy/trader-names.ts): names that look alike ("ETH",
     * "ЕТН" in Cyrillic) share it. Null only for a name from before the rule that looks like an
     * older trader's (the start-up fill leaves it, and logs it, rather than rename anyone).
     */
    nameSkeleton: text('name_skeleton'),
    /** The skeleton of the lower-case name: a look-alike that differs in case too ("етн"). */
    nameFoldedSkeleton: text('name_folded_skeleton'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // Names are told apart without case: "Alice" and "alice" would fool a follower.
    uniqueIndex('traders_display_name_unique').on(sql`lower(${table.displayName})`),
    // Nor by a look-alike: the indexes make the check race-free (two opt-ins at once, two nodes).
    uniqueIndex('traders_name_skeleton_unique').on(table.nameSkeleton),
    uniqueIndex('traders_name_folded_skeleton_unique').on(table.nameFoldedSkeleton),
    check('traders_display_name_length', sql`char_length(${table.displayName}) between 2 and 32`),
  ],
);

/**
 * A follower's copying of one trader. At most one active or paused follow
 * per follower and trader. `activeSince` is when copying last started (created or resumed): only
 * trader orders opened at or after it are copied. A follow stopped with `closeCopies` has its open
 * copies closed, now or (market closed) by the copy sweep when their market opens.
 */
export const follows = pgTable(
  'follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    followerUserId: userReference('follower_user_id'),
    followerAccountId: accountReference('follower_account_id'),
    traderId: integer('trader_id')
      .notNull()
      .references(() => traders.id),
    mode: text('mode').$type<'ratio' | 'amount'>().notNull(),
    ratio: decimal('ratio'),
    amount: decimal('amount').notNull(),
    stopLossPercent: decimal('stop_loss_percent').notNull().default('0'),
    state: text('state').$type<'active' | 'paused' | 'stopped'>().notNull(),
    stopReason: text('stop_reason').$type<'user' | 'copy_stop_loss' | 'trader_left'>(),
    closeCopies: boolean('close_copies').notNull().default(false),
    activeSince: at('active_since').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    stoppedAt: at('stopped_at'),
  },
  (table) => [
    uniqueIndex('follows_live_unique')
      .on(table.followerUserId, table.traderId)
      .where(sql`${table.state} in ('active', 'paused')`),
    index('follows_trader_state_idx').on(table.traderId, table.state, table.id),
    index('follows_follower_idx').on(table.followerUserId, table.id),
    check('follows_mode', sql`${table.mode} in ('ratio', 'amount')`),
    check(
      'follows_ratio',
      sql`(${table.mode} = 'ratio') = (${table.ratio} is not null and ${table.ratio} > 0)`,
    ),
    check('follows_amount_positive', sql`${table.amount} > 0`),
    check('follows_stop_loss_percent', sql`${table.stopLossPercent} between 0 and 100`),
    check('follows_state', sql`${table.state} in ('active', 'paused', 'stopped')`),
    check(
      'follows_stopped_state',
      sql`(${table.state} = 'stopped') = (${table.stoppedAt} is not null and ${table.stopReason} is not null)`,
    ),
    check(
      'follows_stop_reason',
      sql`${table.stopReason} is null or ${table.stopReason} in ('user', 'copy_stop_loss', 'trader_left')`,
    ),
  ],
);
