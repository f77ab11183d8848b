import { type IncrementalIndicator, requireFormingCandle } from './incremental-indicator';
import { requireIndicatorPeriod } from './indicator-limits';

/** Wilder's setting: 14 candles. */
export const RSI_DEFAULTS = { period: 14 } as const;

/** The index from average gain and loss: a stretch without losses is 100, without gains 0, flat 50. */
export function rsiOf(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}

/**
 * Wilder's relative strength index, 0 to 100, from the candle after `period` changes. The first
 * averages are the plain means of the first `period` gains and losses; then each new change is
 * smoothed in by 1 / period. The state is kept as it stood before the forming candle, so a tick
 * redoes one step, O(1), in the same order as a pass over the whole history.
 */
export class RelativeStrengthIndex implements IncrementalIndicator<number> {
  readonly series: (number | undefined)[] = [];
  /** Before the forming candle: gain and loss sums while warming, their averages after. */
  private gainBefore = 0;
  private lossBefore = 0;
  private closeBefore = 0;
  private formingClose = 0;
  private gainForming = 0;
  private lossForming = 0;

  constructor(
    readonly period: number = RSI_DEFAULTS.period,
    closes: readonly number[] = [],
  ) {
    requireIndicatorPeriod(period);
    for (const close of closes) this.push(close);
  }

  push(close: number): void {
    if (this.series.length > 0) {
      this.gainBefore = this.gainForming;
      this.lossBefore = this.lossForming;
      this.closeBefore = this.formingClose;
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
    const period = this.period;
    if (index === 0) return;
    const change = close - this.closeBefore;
    if (index <= period) {
      this.gainForming = change > 0 ? this.gainBefore + change : this.gainBefore;
      this.lossForming = change > 0 ? this.lossBefore : this.lossBefore - change;
      if (index < period) return;
      this.gainForming /= period;
      this.lossForming /= period;
    } else {
      this.gainForming = (this.gainBefore * (period - 1) + Math.max(change, 0)) / period;
      this.lossForming = (this.lossBefore * (period - 1) + Math.max(-change, 0)) / period;
    }
    this.series[index] = rsiOf(this.gainForming, this.lossForming);
  }
}
