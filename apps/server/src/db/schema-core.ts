import type { AccountId, OrderId, UserId } from '@meridian/domain/ids';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { decimal } from './columns';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const areaCodes = pgTable('area_codes', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  globalCode: text('global_code').notNull(),
  sort: integer('sort').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').$type<UserId>().primaryKey().generatedAlwaysAsIdentity(),
    uid: text('uid').notNull().unique(),
    email: text('email'),
    areaId: integer('area_id').references(() => areaCodes.id),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    isDemo: boolean('is_demo').notNull().default(false),
    demoDeviceId: text('demo_device_id'),
    /**
     * A demo user a real customer switches to from their own session: that customer's
     * id. Null for a device's demo user and for real customers. One linked demo user a customer.
     */
    demoOfUserId: integer('demo_of_user_id')
      .$type<UserId>()
      .references((): AnyPgColumn => users.id),
    inviteCode: text('invite_code').notNull().unique(),
    referrerId: integer('referrer_id').$type<UserId>(),
    language: text('language').notNull().default('hk'),
    /** Set by compliance in the back office: the customer cannot log in until it is cleared. */
    loginDisabledAt: timestamp('login_disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_mobile_unique').on(table.areaId, table.mobile),
    uniqueIndex('users_demo_device_unique').on(table.demoDeviceId),
    uniqueIndex('users_demo_of_unique').on(table.demoOfUserId),
    index('users_referrer_idx').on(table.referrerId),
    check(
      'users_identity_present',
      sql`${table.isDemo} or ${table.email} is not null or (${table.areaId} is not null and ${table.mobile} is not null)`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    address: text('address'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    destination: text('destination').notNull(),
    purpose: integer('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_lookup_idx').on(table.destination, table.purpose, table.id)],
);

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** A customer a row belongs to (a required reference to users.id), in the column `name`. */
export function userReference(name: string) {
  return integer(name)
    .$type<UserId>()
    .notNull()
    .references(() => users.id);
}

/** A trading account a row belongs to (a required reference to trading_accounts.id), in the column `name`. */
export function accountReference(name: string) {
  return integer(name)
    .$type<AccountId>()
    .notNull()
    .references(() => tradingAccounts.id);
}

/** One trading account per user: a demo user's holds virtual money, a real user's real money. */
export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: integer('id').$type<AccountId>().primaryKey().generatedAlwaysAsIdentity(),
    userId: userReference('user_id').unique(),
    mode: text('mode').notNull(),
    currency: text('currency').notNull().default('USDT'),
    balance: decimal('balance').notNull().default('0'),
    lockBalance: decimal('lock_balance').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('trading_accounts_mode', sql`${table.mode} in ('real', 'demo')`),
    check('trading_accounts_balance_nonnegative', sql`${table.balance} >= 0`),
    check('trading_accounts_lock_nonnegative', sql`${table.lockBalance} >= 0`),
  ],
);

/**
 * The ledger: the only record of money. Each entry moves one bucket of one account
 * (available balance, withdrawal lock, or the margin held by one order).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountReference('account_id'),
    bucket: text('bucket').notNull(),
    orderId: integer('order_id').$type<OrderId>(),
    amount: decimal('amount').notNull(),
    balanceAfter: decimal('balance_after').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    memoKey: text('memo_key').notNull(),
    memoParams: jsonb('memo_params').$type<Record<string, string>>().notNull().default({}),
    author: text('author'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    // The margin held by one order is the sum of its margin entries; this finds them.
    index('ledger_entries_order_idx').on(table.accountId, table.orderId),
    check('ledger_entries_bucket', sql`${table.bucket} in ('balance', 'lock', 'margin')`),
    // The second check of every posting (the ledger service checks first): no empty entry, and no
    // bucket ever below zero.
    check('ledger_entries_amount_nonzero', sql`${table.amount} <> 0`),
    check('ledger_entries_balance_after_nonnegative', sql`${table.balanceAfter} >= 0`),
    check(
      'ledger_entries_margin_has_order',
      sql`${table.bucket} <> 'margin' or ${table.orderId} is not null`,
    ),
  ],
);

/** Instrument categories (forex, crypto, ...), named in every language. */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  sort: integer('sort').notNull(),
  /** Name per language code (hk, en, ...). */
  names: jsonb('names').$type<Record<string, string>>().notNull(),
});

/** How an instrument's logo is drawn (see market/logos.ts). */
export type LogoSpec =
  | { kind: 'pair'; base: string; quote: string }
  | { kind: 'flag'; country: string }
  | { kind: 'coin'; symbol: string }
  | { kind: 'art'; name: string };

/**
 * Tradable instruments with their contract terms, seeded from market/catalogue.ts and edited in the
 * back office. Prices, lots and rates are numeric, read as text.
 */
export const instruments = pgTable(
  'instruments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    showCode: text('show_code').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    logo: jsonb('logo').$type<LogoSpec>().notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    session: text('session').$type<'weekly' | 'always'>().notNull(),
    pricePrecision: integer('price_precision').notNull(),
    /** The level the simulator's price wanders around. */
    basePrice: decimal('base_price').notNull(),
    /** Annualised volatility of the simulator's model (0.07 = 7 %). */
    annualVolatility: numeric('annual_volatility', { precision: 8, scale: 6 }).notNull(),
    /** Typical lots per tick, for the simulated volume. */
    typicalVolume: integer('typical_volume').notNull(),
    /** Lot step. */
    pip: decimal('pip').notNull(),
    minLots: decimal('min_lots').notNull(),
    maxLots: decimal('max_lots').notNull(),
    unitsPerLot: decimal('units_per_lot').notNull(),
    feeRate: decimal('fee_rate').notNull(),
    /** 1 fixed margin, otherwise leveraged. */
    marginMode: integer('margin_mode').notNull(),
    leverages: integer('leverages').array().notNull(),
    /** Fraction of the mid price added to the ask and taken from the bid (the simulator's quotes). */
    spread: decimal('spread').notNull(),
    /**
     * The symbol a real price feed quotes the instrument under (FIX 55, the stream's symbol); null:
     * none, so the instrument has no price on a real feed. Seeded as the code.
     */
    feedSymbol: text('feed_symbol'),
    /** Price points (steps of the instrument's precision) added to each side of a real feed's quote. */
    markupPoints: integer('markup_points').notNull().default(0),
    sort: integer('sort').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('instruments_category_idx').on(table.categoryId, table.sort),
    check('instruments_session', sql`${table.session} in ('weekly', 'always')`),
    check('instruments_precision', sql`${table.pricePrecision} between 0 and 8`),
    check('instruments_base_price_positive', sql`${table.basePrice} > 0`),
    check('instruments_spread_range', sql`${table.spread} >= 0 and ${table.spread} < 1`),
    check(
      'instruments_lots',
      sql`${table.pip} > 0 and ${table.minLots} > 0 and ${table.maxLots} >= ${table.minLots} and ${table.unitsPerLot} > 0`,
    ),
    check('instruments_fee_rate_nonnegative', sql`${table.feeRate} >= 0`),
    check('instruments_markup_points_range', sql`${table.markupPoints} between 0 and 1000000`),
  ],
);

/**
 * Candles of every instrument: one-minute candles (pruned after minuteCandleRetentionDays, src/limits.ts)
 * and one-day candles (kept). 5M, 15M, 30M and 1H are aggregated from the minutes when read.
 * Times are the candle's start in Unix seconds (UTC), the unit the API answers in.
 * No foreign key to instruments: candles are derived data written a million rows at a time on a
 * first start, where the per-row key check costs a third of the time, and instruments are
 * disabled, never deleted.
 */
export const candles = pgTable(
  'candles',
  {
    instrumentId: integer('instrument_id').notNull(),
    periodMinutes: smallint('period_minutes').notNull(),
    startSeconds: bigint('start_seconds', { mode: 'number' }).notNull(),
    open: decimal('open').notNull(),
    high: decimal('high').notNull(),
    low: decimal('low').notNull(),
    close: decimal('close').notNull(),
    volume: decimal('volume').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.instrumentId, table.periodMinutes, table.startSeconds] }),
    check('candles_period', sql`${table.periodMinutes} in (1, 1440)`),
    check(
      'candles_prices',
      sql`${table.low} > 0 and ${table.low} <= ${table.open} and ${table.low} <= ${table.close} and ${table.high} >= ${table.open} and ${table.high} >= ${table.close}`,
    ),
    check('candles_volume_nonnegative', sql`${table.volume} >= 0`),
  ],
);

// Tables of the personal-center areas live in files of their own, re-exported here so drizzle-kit
// (which reads this file) and the typed database handle see them.
