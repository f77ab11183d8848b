/**
 * Technical indicators the published strategies read. They are signals, not money: they compute in
 * binary floating point, and nothing they answer is booked. Whatever becomes an order (lots, stop
 * prices) is turned into decimal text at the instrument's precision by `sizing.ts`.
 *
 * Every function reads the most recent values at the end of its input (oldest first) and answers
 * undefined when the input is too short for its period, so a strategy without enough history holds.
 * The averages, bands and relative strength take their formulas from the chart's calculators
 * (`../indicators/`), one implementation for both; the exponential average and the relative strength
 * run through them, so their period is also bound by `INDICATOR_LIMITS` (500 candles at most).
 */

import { bandsOfWindow } from '../indicators/bollinger-bands';
import { warmValues } from '../indicators/incremental-indicator';
import { ExponentialMovingAverage, windowMean } from '../indicators/moving-average';
import { RelativeStrengthIndex } from '../indicators/relative-strength';

/** A closed candle as the strategies read it: prices as numbers, time its start in milliseconds. */
export type Bar = { time: number; open: number; high: number; low: number; close: number };

/**
 * The exponential moving average (smoothing 2 / (period + 1)), seeded with the simple average of
 * the first `period` values. Answers the series from the seed on: the last element is the latest.
 * The formula is the chart's (`indicators/moving-average.ts`), run over the whole input.
 */
export function emaSeries(values: readonly number[], period: number): number[] {
  requirePeriod(period);
  if (values.length < period) return [];
  return warmValues(new ExponentialMovingAverage(period, values).series);
}

/** The simple average of the last `period` values. */
export function sma(values: readonly number[], period: number): number | undefined {
  requirePeriod(period);
  return values.length < period ? undefined : windowMean(values.slice(-period));
}

/** Bollinger bands of the last `period` closes: the average and `width` population deviations either side. */
export function bollinger(
  values: readonly number[],
  period: number,
  width: number,
): { lower: number; middle: number; upper: number } | undefined {
  requirePeriod(period);
  return values.length < period ? undefined : bandsOfWindow(values.slice(-period), width);
}

/**
 * Wilder's average true range: the true range of each bar after the first (its high-low range,
 * widened to the previous close), seeded with their simple average and smoothed by 1 / period.
 */
export function averageTrueRange(bars: readonly Bar[], period: number): number | undefined {
  requirePeriod(period);
  if (bars.length < period + 1) return undefined;
  const ranges: number[] = [];
  for (let index = 1; index < bars.length; index += 1) {
    const bar = bars[index] as Bar;
    const previousClose = (bars[index - 1] as Bar).close;
    ranges.push(
      Math.max(bar.high - bar.low, Math.abs(bar.high - previousClose), Math.abs(bar.low - previousClose)),
    );
  }
  let current = windowMean(ranges.slice(0, period));
  for (let index = period; index < ranges.length; index += 1) {
    current += ((ranges[index] as number) - current) / period;
  }
  return current;
}

/**
 * Wilder's relative strength index of closes, 0 to 100, as a series from the first value it can
 * give (after `period` changes). A stretch without losses is 100, without gains 0, flat 50.
 * The formula is the chart's (`indicators/relative-strength.ts`), run over the whole input.
 */
export function rsiSeries(values: readonly number[], period: number): number[] {
  requirePeriod(period);
  if (values.length < period + 1) return [];
  return warmValues(new RelativeStrengthIndex(period, values).series);
}

/** The rate of change over `period` bars, as a fraction: close / close `period` bars earlier - 1. */
export function rateOfChange(values: readonly number[], period: number, barsBack = 0): number | undefined {
  requirePeriod(period);
  const latest = values.length - 1 - barsBack;
  const earlier = latest - period;
  if (earlier < 0) return undefined;
  return (values[latest] as number) / (values[earlier] as number) - 1;
}

/**
 * The Donchian channel of the `period` bars before the last `skip` bars: their highest high and
 * lowest low. A breakout compares the latest close with the channel of the bars before it (skip 1).
 */
export function donchian(
  bars: readonly Bar[],
  period: number,
  skip = 1,
): { lower: number; upper: number } | undefined {
  requirePeriod(period);
  if (bars.length < period + skip) return undefined;
  const window = bars.slice(bars.length - skip - period, bars.length - skip);
  let upper = Number.NEGATIVE_INFINITY;
  let lower = Number.POSITIVE_INFINITY;
  for (const bar of window) {
    if (bar.high > upper) upper = bar.high;
    if (bar.low < lower) lower = bar.low;
  }
  return { lower, upper };
}

/** The latest value of a series and the one before it, or undefined when it holds fewer than two. */
export function lastTwo(series: readonly number[]): { previous: number; latest: number } | undefined {
  if (series.length < 2) return undefined;
  return { previous: series[series.length - 2] as number, latest: series[series.length - 1] as number };
}

/** A period below one is a programmer error in a published parameter: fail loudly. */
function requirePeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1)
    throw new Error(`an indicator period must be a whole number >= 1, got ${period}`);
}
