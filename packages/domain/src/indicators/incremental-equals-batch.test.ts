import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollinger, emaSeries, rsiSeries, sma } from '../strategies/indicators';
import { BollingerBands } from './bollinger-bands';
import type { IncrementalIndicator } from './incremental-indicator';
import { Macd } from './macd';
import { ExponentialMovingAverage, SimpleMovingAverage } from './moving-average';
import { RelativeStrengthIndex } from './relative-strength';

const price = fc.double({ min: 1, max: 1000, noNaN: true });

/** A chart's life: a history, then ticks that either move the forming candle or open a new one. */
const chartLife = fc.record({
  history: fc.array(price, { maxLength: 60 }),
  ticks: fc.array(fc.record({ opensCandle: fc.boolean(), close: price }), { maxLength: 200 }),
});

type ChartLife = { history: number[]; ticks: { opensCandle: boolean; close: number }[] };

/** Plays the ticks on the indicator and answers the closes the candles finally hold. */
function play<Value>(indicator: IncrementalIndicator<Value>, life: ChartLife): number[] {
  const closes = [...life.history];
  for (const tick of life.ticks) {
    if (tick.opensCandle || closes.length === 0) {
      indicator.push(tick.close);
      closes.push(tick.close);
    } else {
      indicator.update(tick.close);
      closes[closes.length - 1] = tick.close;
    }
  }
  return closes;
}

function expectNear(actual: number | undefined, expected: number | undefined): void {
  if (expected === undefined) {
    expect(actual).toBeUndefined();
    return;
  }
  expect(actual).toBeTypeOf('number');
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

/** A batch series that starts warm, laid out one value per candle. */
function perCandle(warm: readonly number[], candleCount: number): (number | undefined)[] {
  return [...Array(candleCount - warm.length).fill(undefined), ...warm];
}

/**
 * The textbook exponential average, written out plainly: the batch `emaSeries` runs the calculator
 * itself (one implementation), so this loop is the independent witness of its formula.
 */
function textbookEma(closes: readonly number[], length: number): number[] {
  if (closes.length < length) return [];
  let average = closes.slice(0, length).reduce((sum, close) => sum + close, 0) / length;
  const series = [average];
  for (const close of closes.slice(length)) {
    average += (2 / (length + 1)) * (close - average);
    series.push(average);
  }
  return series;
}

/** Wilder's index written out plainly, the independent witness for `rsiSeries`. */
function textbookRsi(closes: readonly number[], length: number): number[] {
  const changes = closes.slice(1).map((close, index) => close - (closes[index] as number));
  if (changes.length < length) return [];
  let gain = changes.slice(0, length).reduce((sum, change) => sum + Math.max(change, 0), 0) / length;
  let loss = changes.slice(0, length).reduce((sum, change) => sum + Math.max(-change, 0), 0) / length;
  const index = () => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  const series = [index()];
  for (const change of changes.slice(length)) {
    gain = (gain * (length - 1) + Math.max(change, 0)) / length;
    loss = (loss * (length - 1) + Math.max(-change, 0)) / length;
    series.push(index());
  }
  return series;
}

const period = fc.integer({ min: 1, max: 30 });

describe('incremental chart indicators equal the batch computation on the final candles', () => {
  it('simple moving average', () => {
    fc.assert(
      fc.property(chartLife, period, (life, length) => {
        const average = new SimpleMovingAverage(length, life.history);
        const closes = play(average, life);
        expect(average.series).toHaveLength(closes.length);
        closes.forEach((_, index) => {
          expectNear(average.series[index], sma(closes.slice(0, index + 1), length));
        });
      }),
    );
  });

  it('exponential moving average', () => {
    fc.assert(
      fc.property(chartLife, period, (life, length) => {
        const average = new ExponentialMovingAverage(length, life.history);
        const closes = play(average, life);
        const batch = perCandle(emaSeries(closes, length), closes.length);
        const textbook = perCandle(textbookEma(closes, length), closes.length);
        closes.forEach((_, index) => {
          expectNear(average.series[index], batch[index]);
          expectNear(average.series[index], textbook[index]);
        });
      }),
    );
  });

  it('relative strength index', () => {
    fc.assert(
      fc.property(chartLife, period, (life, length) => {
        const strength = new RelativeStrengthIndex(length, life.history);
        const closes = play(strength, life);
        const batch = perCandle(rsiSeries(closes, length), closes.length);
        const textbook = perCandle(textbookRsi(closes, length), closes.length);
        closes.forEach((_, index) => {
          expectNear(strength.series[index], batch[index]);
          expectNear(strength.series[index], textbook[index]);
        });
      }),
    );
  });

  it('Bollinger bands', () => {
    fc.assert(
      fc.property(chartLife, period, fc.double({ min: 0.5, max: 4, noNaN: true }), (life, length, width) => {
        const bands = new BollingerBands(length, width, life.history);
        const closes = play(bands, life);
        closes.forEach((_, index) => {
          const batch = bollinger(closes.slice(0, index + 1), length, width);
          const value = bands.series[index];
          expectNear(value?.lower, batch?.lower);
          expectNear(value?.middle, batch?.middle);
          expectNear(value?.upper, batch?.upper);
        });
      }),
    );
  });

  it('MACD', () => {
    const periods = fc
      .record({
        fast: fc.integer({ min: 1, max: 15 }),
        extra: fc.integer({ min: 1, max: 15 }),
        signal: period,
      })
      .map(({ fast, extra, signal }) => ({ fast, slow: fast + extra, signal }));
    fc.assert(
      fc.property(chartLife, periods, (life, settings) => {
        const macd = new Macd(settings, life.history);
        const closes = play(macd, life);
        const fast = perCandle(emaSeries(closes, settings.fast), closes.length);
        const slow = perCandle(emaSeries(closes, settings.slow), closes.length);
        const lines = closes.flatMap((_, index) => {
          const slowValue = slow[index];
          return slowValue === undefined ? [] : [(fast[index] as number) - slowValue];
        });
        const line = perCandle(lines, closes.length);
        const signal = perCandle(emaSeries(lines, settings.signal), closes.length);
        closes.forEach((_, index) => {
          const value = macd.series[index];
          expectNear(value?.line, line[index]);
          expectNear(value?.signal, signal[index]);
          const histogram =
            signal[index] === undefined ? undefined : (line[index] as number) - (signal[index] as number);
          expectNear(value?.histogram, histogram);
        });
      }),
    );
  });
});
