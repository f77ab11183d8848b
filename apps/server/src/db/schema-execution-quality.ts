import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, decimal } from './columns';
import { instruments } from './schema-core';

/**
 * The public execution-quality report's figures, one row per instrument and UTC day,
 * kept up to date by an incremental job from the execution records (modules/execution): a request
 * reads these rows and never scans fills. Slippage and spread in points, decimal; times in ms.
 */
export const executionQualityDays = pgTable(
  'execution_quality_days',
  {
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    day: date('day', { mode: 'string' }).notNull(),
    fills: integer('fills').notNull(),
    positiveFills: integer('positive_fills').notNull(),
    positiveMedian: decimal('positive_median'),
    positiveP95: decimal('positive_p95'),
    negativeFills: integer('negative_fills').notNull(),
    negativeMedian: decimal('negative_median'),
    negativeP95: decimal('negative_p95'),
    atOrBetterShare: decimal('at_or_better_share').notNull(),
    fillMsMedian: integer('fill_ms_median'),
    fillMsP95: integer('fill_ms_p95'),
    spreadMedian: decimal('spread_median'),
    staleSeconds: integer('stale_seconds').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.instrumentId, table.day] }),
    index('execution_quality_days_day_idx').on(table.day),
  ],
);

/**
 * How far the job has read: the last execution record (and stale period) it took in. One row per
 * job name; a run moves it forward only from the value it read (two servers never count twice).
 */
export const executionQualityCursor = pgTable('execution_quality_cursor', {
  job: text('job').primaryKey(),
  lastRecordId: bigint('last_record_id', { mode: 'number' }).notNull(),
  lastStaleId: bigint('last_stale_id', { mode: 'number' }).notNull().default(0),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The periods an instrument's real feed was stale (prices paused), written when the state flips:
 * a row opens with `ended_at` null and is closed when prices come back. None with the simulator.
 */
export const feedStalePeriods = pgTable(
  'feed_stale_periods',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at'),
  },
  (table) => [index('feed_stale_periods_instrument_idx').on(table.instrumentId, table.startedAt)],
);
