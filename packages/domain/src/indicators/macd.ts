import { accept, type RuleResult, refuse } from '../rule-result';
import { type IncrementalIndicator, requireFormingCandle } from './incremental-indicator';
import { checkIndicatorPeriod, type IndicatorSettingRefusal } from './indicator-limits';
import { ExponentialMovingAverage } from './moving-average';

export type MacdPeriods = { fast: number; slow: number; signal: number };

/** Appel's setting: 12 and 26 candles for the line, 9 for its signal. */
export const MACD_DEFAULTS: Readonly<MacdPeriods> = { fast: 12, slow: 26, signal: 9 };

/** The line from the slow average's first candle; the signal and histogram once the signal is warm. */
export type MacdValue = { line: number; signal: number | undefined; histogram: number | undefined };

export type MacdRefusal = IndicatorSettingRefusal | 'indicator.macdFastNotBelowSlow';

/** Periods a trader typed: each within the limits, the fast average shorter than the slow one. */
export function checkMacdPeriods(
  periods: Readonly<MacdPeriods>,
): RuleResult<Readonly<MacdPeriods>, MacdRefusal> {
  for (const period of [periods.fast, periods.slow, periods.signal]) {
    const checked = checkIndicatorPeriod(period);
    if (!checked.ok) return checked;
  }
  if (periods.fast >= periods.slow) return refuse('indicator.macdFastNotBelowSlow');
  return accept(periods);
}

/**
 * Moving average convergence/divergence: the fast exponential average of closes less the slow one,
 * the signal an exponential average of that line, the histogram the line less its signal. Three
 * O(1) exponential averages, so a tick is O(1).
 */
export class Macd implements IncrementalIndicator<MacdValue> {
  readonly series: (MacdValue | undefined)[] = [];
  private readonly fast: ExponentialMovingAverage;
  private readonly slow: ExponentialMovingAverage;
  private readonly signal: ExponentialMovingAverage;

  constructor(
    readonly periods: Readonly<MacdPeriods> = MACD_DEFAULTS,
    closes: readonly number[] = [],
  ) {
    const checked = checkMacdPeriods(periods);
    if (!checked.ok) throw new Error(`MACD periods outside their limits: ${JSON.stringify(periods)}`);
    this.fast = new ExponentialMovingAverage(periods.fast);
    this.slow = new ExponentialMovingAverage(periods.slow);
    this.signal = new ExponentialMovingAverage(periods.signal);
    for (const close of closes) this.push(close);
  }

  push(close: number): void {
    this.fast.push(close);
    this.slow.push(close);
    const line = this.line();
    if (line !== undefined) this.signal.push(line);
    this.series.push(this.current(line));
  }

  update(close: number): void {
    requireFormingCandle(this.series.length);
    this.fast.update(close);
    this.slow.update(close);
    const line = this.line();
    if (line !== undefined) this.signal.update(line);
    this.series[this.series.length - 1] = this.current(line);
  }

  private line(): number | undefined {
    const slow = this.slow.series[this.slow.series.length - 1];
    const fast = this.fast.series[this.fast.series.length - 1];
    return slow === undefined || fast === undefined ? undefined : fast - slow;
  }

  private current(line: number | undefined): MacdValue | undefined {
    if (line === undefined) return undefined;
    const signal = this.signal.series[this.signal.series.length - 1];
    return { line, signal, histogram: signal === undefined ? undefined : line - signal };
  }
}
