import { z } from 'zod';
import { cacheBuster, intField, positiveId, serverText } from './fields';

/**
 * The public execution-quality report: `GET /api/execution/quality?forex_id=&days=`, no
 * sign-in. Figures per instrument and UTC day, built from the execution records by an incremental
 * job (never by scanning all fills on a request).
 *
 * Slippage is in points (the instrument's smallest price step), signed for the customer: positive is
 * a fill better than the reference price, negative a worse one. The reference is the quote at the
 * order's arrival (market opens, manual closes, copy fills, stop-outs: the quote's side with the
 * markup) or, for a fill a trigger made (pending fill, stop-loss, take-profit), the trigger's price.
 */
export const EXECUTION_QUALITY_DAYS_MAX = 90;
export const EXECUTION_QUALITY_DAYS_DEFAULT = 30;

export const ExecutionQualityQuery = z.object({
  /** One instrument; absent: every instrument that had fills (an empty id is refused, as every id is). */
  forex_id: positiveId().optional(),
  days: intField().min(1).max(EXECUTION_QUALITY_DAYS_MAX).default(EXECUTION_QUALITY_DAYS_DEFAULT),
  t: cacheBuster,
});
export type ExecutionQualityQuery = z.infer<typeof ExecutionQualityQuery>;

/** One instrument's figures on one UTC day. Decimal texts; null where the day had no such fill. */
export const ExecutionQualityDay = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: serverText(),
  fills: z.number().int(),
  /** Fills better than the reference, and their slippage's median and 95th percentile (points, > 0). */
  positive_fills: z.number().int(),
  positive_median: serverText().nullable(),
  positive_p95: serverText().nullable(),
  /** Fills worse than the reference, and their slippage's median and 95th percentile (points, < 0). */
  negative_fills: z.number().int(),
  negative_median: serverText().nullable(),
  negative_p95: serverText().nullable(),
  /** Share of fills at or better than the reference, 0 to 1 (4 places). */
  at_or_better_share: serverText(),
  /** From the order's arrival at the server to the fill, milliseconds. */
  fill_ms_median: z.number().int().nullable(),
  fill_ms_p95: z.number().int().nullable(),
  /** The spread of the quotes filled against, points. */
  spread_median: serverText().nullable(),
  /** Seconds of the day the instrument's feed was stale (prices paused); 0 with the simulator. */
  stale_seconds: z.number().int(),
});
export type ExecutionQualityDay = z.infer<typeof ExecutionQualityDay>;

export const ExecutionQualityInstrument = z.object({
  forex_id: z.number().int(),
  code: serverText(),
  name: serverText(),
  /** Oldest day first; days without fills or stale time are left out. */
  days: z.array(ExecutionQualityDay),
});
export type ExecutionQualityInstrument = z.infer<typeof ExecutionQualityInstrument>;

export const ExecutionQualityReport = z.object({
  days: z.number().int(),
  /** When the job last brought the figures up to date (Unix ms); 0 before its first run. */
  updated_at: z.number().int(),
  list: z.array(ExecutionQualityInstrument),
});
export type ExecutionQualityReport = z.infer<typeof ExecutionQualityReport>;
