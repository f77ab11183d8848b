/**
 * Technical indicators the published strategies read. They are signals, not money: they compute in
 * binary floating point, and nothing they answer is booked. Whatever becomes an order (lots, stop
 * prices) is turned into decimal text at the instrument's precision by `sizing.ts`.
 *
 * Every function reads the most recent values at the end of its input (oldest first) and answers
 * undefined when the input is too short for its period, so a strategy without enough history holds.
 */

/** A closed candle as the strategies read it: prices as numbers, time its start in milliseconds. */
export type Bar = { time: number; open: number; high: number; low: number; close: number };

/**
 * The exponential moving average (smoothing 2 / (period + 1)), seeded with the simple average of
 * the first `period` values. Answers the series from the seed on: the last element is the latest.
 */
export function emaSeries(values: readonly number[], period: number): number[] {
  requirePeriod(period);
  if (values.length < period) return [];
  const smoothing = 2 / (period + 1);
  let current = average(values.slice(0, period));
  const series = [current];
  for (let index = period; index < values.length; index += 1) {
    current += smoothing * ((values[index] as number) - current);
    series.push(current);
  }
  return series;
}

/** The simple average of the last `period` values. */
export function sma(values: readonly number[], period: number): number | undefined {
  requirePeriod(period);
  return values.length < period ? undefined : average(values.slice(-period));
}

/** Bollinger bands of the last `period` closes: the average and `width` population deviations either side. */
export function bollinger(
  values: readonly number[],
  period: number,
  width: number,
): { lower: number; middle: number; upper: number } | undefined {
  const middle = sma(values, period);
  if (middle === undefined) return undefined;
  const window = values.slice(-period);
  const variance = window.reduce((sum, value) => sum + (value - middle) ** 2, 0) / period;
  const deviation = Math.sqrt(variance);
  return { lower: middle - width * deviation, middle, upper: middle + width * deviation };
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
  let current = average(ranges.slice(0, period));
  for (let index = period; index < ranges.length; index += 1) {
    current += ((ranges[index] as number) - current) / period;
  }
  return current;
}

/**
 * Wilder's relative strength index of closes, 0 to 100, as a series from the first value it can
 * give (after `period` changes). A stretch without losses is 100, without gains 0, flat 50.
 */
export function rsiSeries(values: readonly number[], period: number): number[] {
  requirePeriod(period);
  if (values.length < period + 1) return [];
  let gain = 0;
  let loss = 0;
  for (let index = 1; index <= period; index += 1) {
    const change = (values[index] as number) - (values[index - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  const series = [rsiOf(gain, loss)];
  for (let index = period + 1; index < values.length; index += 1) {
    const change = (values[index] as number) - (values[index - 1] as number);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    series.push(rsiOf(gain, loss));
  }
  return series;
}

function rsiOf(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
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

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** A period below one is a programmer error in a published parameter: fail loudly. */
function requirePeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1)
    throw new Error(`an indicator period must be a whole number >= 1, got ${period}`);
}
