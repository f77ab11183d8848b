import { CloseWindow, type IncrementalIndicator, requireFormingCandle } from './incremental-indicator';
import { requireIndicatorPeriod } from './indicator-limits';

/**
 * The mean of a window, summed oldest first. The batch averages (`strategies/indicators.ts`) and the
 * Bollinger middle take it; the exponential average's seed sums in the same order, so the bits agree.
 */
export function windowMean(window: readonly number[]): number {
  return window.reduce((sum, value) => sum + value, 0) / window.length;
}

/**
 * The simple moving average of the last `period` closes, O(1) a tick by a running sum. A running sum
 * drifts by a rounding error each tick, so it is summed afresh each time the window turns over
 * (once every `period` candles: still O(1) a candle on average).
 */
export class SimpleMovingAverage implements IncrementalIndicator<number> {
  readonly series: (number | undefined)[] = [];
  private readonly window: CloseWindow;
  private sum = 0;
  private candlesSinceResum = 0;

  constructor(
    readonly period: number,
    closes: readonly number[] = [],
  ) {
    requireIndicatorPeriod(period);
    this.window = new CloseWindow(period);
    for (const close of closes) this.push(close);
  }

  push(close: number): void {
    const leaving = this.window.full ? this.window.leaving : 0;
    this.window.push(close);
    this.candlesSinceResum += 1;
    if (this.candlesSinceResum >= this.period) {
      this.sum = this.window.values().reduce((sum, value) => sum + value, 0);
      this.candlesSinceResum = 0;
    } else {
      this.sum += close - leaving;
    }
    this.series.push(this.current());
  }

  update(close: number): void {
    requireFormingCandle(this.series.length);
    this.sum += close - this.window.forming;
    this.window.update(close);
    this.series[this.series.length - 1] = this.current();
  }

  private current(): number | undefined {
    return this.window.full ? this.sum / this.period : undefined;
  }
}

/**
 * The exponential moving average (smoothing 2 / (period + 1)), seeded with the simple average of the
 * first `period` closes. It keeps the state as it stood before the forming candle, so a tick redoes
 * one step, O(1), with the same arithmetic in the same order as a pass over the whole history.
 */
export class ExponentialMovingAverage implements IncrementalIndicator<number> {
  readonly series: (number | undefined)[] = [];
  private readonly smoothing: number;
  /** The warm-up closes before the forming candle, summed oldest first (the seed's order). */
  private seedSumBefore = 0;
  /** The average at the candle before the forming one, once that candle was warm. */
  private averageBefore = 0;
  private formingClose = 0;

  constructor(
    readonly period: number,
    closes: readonly number[] = [],
  ) {
    requireIndicatorPeriod(period);
    this.smoothing = 2 / (period + 1);
    for (const close of closes) this.push(close);
  }

  push(close: number): void {
    const settled = this.series.length - 1;
    if (settled >= 0) {
      if (settled < this.period - 1) this.seedSumBefore += this.formingClose;
      else this.averageBefore = this.series[settled] as number;
    }
    this.series.push(undefined);
    this.setForming(close);
  }

  update(close: number): void {
    requireFormingCandle(this.series.length);
    this.setForming(close);
  }

  private setForming(close: number): void {
    this.formingClose = close;
    const index = this.series.length - 1;
    let value: number | undefined;
    if (index === this.period - 1) value = (this.seedSumBefore + close) / this.period;
    else if (index >= this.period) value = this.averageBefore + this.smoothing * (close - this.averageBefore);
    this.series[index] = value;
  }
}
