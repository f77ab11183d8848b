import { type DecimalInput, type DecimalValue, plainDecimal, roundHalfUp, toDecimal } from './money';
import type { Side } from './side';

/**
 * Execution quality (docs/decisions.md "Execution quality"): how each fill's price compares
 * with the price the customer was entitled to, and one UTC day's figures over many fills.
 *
 * - A point is the instrument's smallest price step, 10^-precision (the unit of markup_points,
 *   quote.ts `quoteWithMarkup`).
 * - The reference is the recorded quote's side the customer trades at (with the markup), or, for a
 *   fill a trigger made (pending fill, stop-loss, take-profit), the trigger's price.
 * - Slippage is signed for the customer: positive is better than the reference, negative worse.
 * - Percentiles are nearest-rank: the p-th percentile of n sorted values is the value at rank
 *   ceil(p / 100 x n) (1-based), always one of the observed values; the median is the 50th.
 */

/** Fill kinds that open a position (the customer trades in the order's direction). */
const OPENING_KINDS: ReadonlySet<string> = new Set(['market_open', 'pending_fill', 'copy_open']);
/** Fill kinds a trigger made: their reference is the trigger's price. */
const TRIGGER_KINDS: ReadonlySet<string> = new Set(['pending_fill', 'stop_loss', 'take_profit']);

/** Places of the share of fills at or better than the reference (0 to 1). */
export const SHARE_PLACES = 4;

/** One fill as the execution record keeps it (decimal texts). */
export type ExecutionFill = {
  kind: string;
  /** The order's side. */
  side: Side;
  price: DecimalInput;
  /** The quote filled against, with the markup. */
  bid: DecimalInput;
  ask: DecimalInput;
  triggerPrice: DecimalInput | null;
  requestedAtMs: number;
  filledAtMs: number;
};

/** The instrument's point: 10^-precision. */
export function pricePoint(pricePrecision: number): DecimalValue {
  return toDecimal(10).pow(-pricePrecision);
}

/** Whether the customer buys in this fill: a buy order's open, or a sell order's close. */
export function customerBuys(kind: string, side: Side): boolean {
  return OPENING_KINDS.has(kind) === (side === 'buy');
}

/** The price the fill is measured against (see above). */
export function referencePrice(
  fill: Pick<ExecutionFill, 'kind' | 'side' | 'bid' | 'ask' | 'triggerPrice'>,
): DecimalValue {
  if (TRIGGER_KINDS.has(fill.kind) && fill.triggerPrice !== null) return toDecimal(fill.triggerPrice);
  return toDecimal(customerBuys(fill.kind, fill.side) ? fill.ask : fill.bid);
}

/**
 * A fill's slippage in points, positive when better for the customer: a buyer gains when the price
 * is below the reference, a seller when it is above.
 */
export function slippagePoints(fill: ExecutionFill, pricePrecision: number): DecimalValue {
  const difference = toDecimal(fill.price).minus(referencePrice(fill));
  const signed = customerBuys(fill.kind, fill.side) ? difference.negated() : difference;
  return signed.div(pricePoint(pricePrecision));
}

/** The spread of the quote filled against, in points. */
export function spreadPoints(fill: Pick<ExecutionFill, 'bid' | 'ask'>, pricePrecision: number): DecimalValue {
  return toDecimal(fill.ask).minus(fill.bid).div(pricePoint(pricePrecision));
}

/** Nearest-rank percentile of values already sorted ascending; undefined for none. */
export function nearestRank<T>(sorted: readonly T[], percent: number): T | undefined {
  if (sorted.length === 0) return undefined;
  if (!(percent > 0 && percent <= 100)) throw new Error(`a percentile must be in (0, 100], got ${percent}`);
  const rank = Math.ceil((percent * sorted.length) / 100);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1];
}

function sortDecimals(values: readonly DecimalValue[]): DecimalValue[] {
  return [...values].sort((a, b) => a.comparedTo(b));
}

/** The nearest-rank percentile of decimals, as plain text; null for none. */
export function decimalPercentile(values: readonly DecimalValue[], percent: number): string | null {
  const value = nearestRank(sortDecimals(values), percent);
  return value === undefined ? null : plainDecimal(value);
}

/** The share of `part` in `whole`, 0 to 1 rounded half up to 4 places; "0.0000" when whole is 0. */
export function share(part: number, whole: number): string {
  if (whole === 0) return roundHalfUp(0, SHARE_PLACES);
  return roundHalfUp(toDecimal(part).div(whole), SHARE_PLACES);
}

/** One instrument's figures over a set of fills (one UTC day). */
export type ExecutionFigures = {
  fills: number;
  positive_fills: number;
  positive_median: string | null;
  positive_p95: string | null;
  negative_fills: number;
  negative_median: string | null;
  negative_p95: string | null;
  at_or_better_share: string;
  fill_ms_median: number | null;
  fill_ms_p95: number | null;
  spread_median: string | null;
};

/**
 * The figures of a set of fills. Better and worse fills are summarised apart: the positive median and
 * 95th percentile are over the better fills' slippage; the negative ones over the worse fills' by
 * size (the negative 95th percentile is the worst but 5 %, e.g. -3 when 95 % of worse fills lost 3
 * points or less). Fills at the reference count in neither, and in the share at or better.
 */
export function executionFigures(fills: readonly ExecutionFill[], pricePrecision: number): ExecutionFigures {
  const slippages = fills.map((fill) => slippagePoints(fill, pricePrecision));
  const positive = slippages.filter((value) => value.gt(0));
  const negativeBySize = slippages.filter((value) => value.lt(0)).map((value) => value.negated());
  const negated = (text: string | null) => (text === null ? null : plainDecimal(toDecimal(text).negated()));
  const delays = fills.map((fill) => Math.max(0, fill.filledAtMs - fill.requestedAtMs)).sort((a, b) => a - b);
  return {
    fills: fills.length,
    positive_fills: positive.length,
    positive_median: decimalPercentile(positive, 50),
    positive_p95: decimalPercentile(positive, 95),
    negative_fills: negativeBySize.length,
    negative_median: negated(decimalPercentile(negativeBySize, 50)),
    negative_p95: negated(decimalPercentile(negativeBySize, 95)),
    at_or_better_share: share(slippages.filter((value) => value.gte(0)).length, fills.length),
    fill_ms_median: nearestRank(delays, 50) ?? null,
    fill_ms_p95: nearestRank(delays, 95) ?? null,
    spread_median: decimalPercentile(
      fills.map((fill) => spreadPoints(fill, pricePrecision)),
      50,
    ),
  };
}

/** What a period's totals need of each of its days (the daily figures' counts). */
export type DayCounts = { fills: number; negative_fills: number; stale_seconds: number };

/** A period's figures that add up exactly from its days (docs/decisions.md "Execution quality for staff"). */
export type PeriodTotals = {
  fills: number;
  days_with_fills: number;
  /** Fills at or better over all fills of the period: each day's weighs by its fills. */
  at_or_better_share: string;
  stale_seconds: number;
};

/**
 * A period's totals from its daily figures: fills, days with fills, the share at or better (a day's
 * fills at or better are its fills less its worse ones, so the period's share is exact, not an
 * average of rounded shares) and the stale seconds. Medians and percentiles do not add up: a
 * period's median is not the median of its days' medians, so none is made here.
 */
export function periodTotals(days: readonly DayCounts[]): PeriodTotals {
  let fills = 0;
  let atOrBetter = 0;
  let daysWithFills = 0;
  let staleSeconds = 0;
  for (const day of days) {
    fills += day.fills;
    atOrBetter += day.fills - day.negative_fills;
    if (day.fills > 0) daysWithFills += 1;
    staleSeconds += day.stale_seconds;
  }
  return {
    fills,
    days_with_fills: daysWithFills,
    at_or_better_share: share(atOrBetter, fills),
    stale_seconds: staleSeconds,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, YYYY-MM-DD. */
export function utcDay(atMs: number): string {
  return new Date(atMs).toISOString().slice(0, 10);
}

/** The start (inclusive) and end (exclusive) of a UTC day, Unix ms. */
export function utcDayBounds(day: string): { startMs: number; endMs: number } {
  const startMs = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(startMs)) throw new Error(`not a day: ${day}`);
  return { startMs, endMs: startMs + DAY_MS };
}

/** Seconds of [startMs, endMs) that fall in the UTC day, whole seconds rounded down. */
export function secondsWithinDay(startMs: number, endMs: number, day: string): number {
  const bounds = utcDayBounds(day);
  const overlap = Math.min(endMs, bounds.endMs) - Math.max(startMs, bounds.startMs);
  return overlap > 0 ? Math.floor(overlap / 1000) : 0;
}

/** The UTC days an interval [startMs, endMs) touches, oldest first. */
export function utcDaysOf(startMs: number, endMs: number): string[] {
  const days: string[] = [];
  const last = Math.max(startMs, endMs - 1);
  for (let at = utcDayBounds(utcDay(startMs)).startMs; at <= last; at += DAY_MS) days.push(utcDay(at));
  return days;
}
