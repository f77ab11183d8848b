import { CloseWindow, type IncrementalIndicator, requireFormingCandle } from './incremental-indicator';
import { requireBandWidth, requireIndicatorPeriod } from './indicator-limits';
import { windowMean } from './moving-average';

export type Bands = { lower: number; middle: number; upper: number };

/** The classic Bollinger setting: 20 candles, 2 deviations either side. */
export const BOLLINGER_DEFAULTS = { period: 20, widthDeviations: 2 } as const;

/** Bollinger bands of one window: its mean and `width` population deviations either side. */
export function bandsOfWindow(window: readonly number[], width: number): Bands {
  const middle = windowMean(window);
  const variance = window.reduce((sum, value) => sum + (value - middle) ** 2, 0) / window.length;
  const deviation = Math.sqrt(variance);
  return { lower: middle - width * deviation, middle, upper: middle + width * deviation };
}

/**
 * Bollinger bands as candles tick. The deviation needs the window's mean before its squares, so a
 * tick costs O(period): the window is read afresh, exactly as the batch reads it.
 */
export class BollingerBands implements IncrementalIndicator<Bands> {
  readonly series: (Bands | undefined)[] = [];
  private readonly window: CloseWindow;

  constructor(
    readonly period: number = BOLLINGER_DEFAULTS.period,
    readonly width: number = BOLLINGER_DEFAULTS.widthDeviations,
    closes: readonly number[] = [],
  ) {
    requireIndicatorPeriod(period);
    requireBandWidth(width);
    this.window = new CloseWindow(period);
    for (const close of closes) this.push(close);
  }

  push(close: number): void {
    this.window.push(close);
    this.series.push(this.current());
  }

  update(close: number): void {
    requireFormingCandle(this.series.length);
    this.window.update(close);
    this.series[this.series.length - 1] = this.current();
  }

  private current(): Bands | undefined {
    return this.window.full ? bandsOfWindow(this.window.values(), this.width) : undefined;
  }
}
