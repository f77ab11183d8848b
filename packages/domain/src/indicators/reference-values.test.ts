import { describe, expect, it } from 'vitest';
import { BollingerBands } from './bollinger-bands';
import { warmValues } from './incremental-indicator';
import { Macd } from './macd';
import { ExponentialMovingAverage, SimpleMovingAverage } from './moving-average';
import { RelativeStrengthIndex } from './relative-strength';

/**
 * Published reference values. The tables print two decimals, so each value is checked to within
 * half a cent of the table (toBeCloseTo with 2 digits).
 */
function expectTable(actual: readonly (number | undefined)[], published: readonly number[]): void {
  expect(actual).toHaveLength(published.length);
  published.forEach((value, index) => {
    expect(actual[index]).toBeCloseTo(value, 2);
  });
}

// StockCharts ChartSchool, "Moving Averages - Simple and Exponential" (its cs-movavg spreadsheet):
// 30 daily closes, a 10-day simple and a 10-day exponential average.
const MOVING_AVERAGE_CLOSES = [
  22.2734, 22.194, 22.0847, 22.1741, 22.184, 22.1344, 22.2337, 22.4323, 22.2436, 22.2933, 22.1542, 22.3926,
  22.3816, 22.6109, 23.3558, 24.0519, 23.753, 23.8324, 23.9516, 23.6338, 23.8225, 23.8722, 23.6537, 23.187,
  23.0976, 23.326, 22.6805, 23.0976, 22.4025, 22.1725,
];

// StockCharts ChartSchool, "Relative Strength Index (RSI)" (its cs-rsi spreadsheet): 33 closes, RSI 14.
const RSI_CLOSES = [
  44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328,
  45.614, 46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521, 45.7137, 46.4515,
  45.7835, 45.3548, 44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
];

// StockCharts ChartSchool, "Bollinger Bands" (its cs-bollinger spreadsheet): the first 20 closes,
// whose 20-day bands at width 2 the table gives as middle 88.71, upper 91.29, lower 86.12.
const BOLLINGER_CLOSES = [
  86.1557, 89.0867, 88.7829, 90.3228, 89.0671, 91.1453, 89.4397, 89.175, 86.9302, 87.6752, 86.9596, 89.4299,
  89.3221, 88.7241, 87.4497, 87.2634, 89.4985, 87.9006, 89.126, 90.7043,
];

describe('chart indicators against published tables', () => {
  it('simple moving average, 10 days (StockCharts)', () => {
    const average = new SimpleMovingAverage(10, MOVING_AVERAGE_CLOSES);
    expect(average.series.slice(0, 9)).toEqual(Array(9).fill(undefined));
    expectTable(
      warmValues(average.series),
      [
        22.22, 22.21, 22.23, 22.26, 22.31, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.53, 23.65,
        23.71, 23.69, 23.61, 23.51, 23.43, 23.28, 23.13,
      ],
    );
  });

  it('exponential moving average, 10 days (StockCharts)', () => {
    const average = new ExponentialMovingAverage(10, MOVING_AVERAGE_CLOSES);
    expect(average.series.slice(0, 9)).toEqual(Array(9).fill(undefined));
    expectTable(
      warmValues(average.series),
      [
        22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54,
        23.47, 23.4, 23.39, 23.26, 23.23, 23.08, 22.92,
      ],
    );
  });

  it("relative strength index, Wilder's 14 (StockCharts)", () => {
    const strength = new RelativeStrengthIndex(14, RSI_CLOSES);
    expect(strength.series.slice(0, 14)).toEqual(Array(14).fill(undefined));
    expectTable(
      warmValues(strength.series),
      [
        70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46,
        41.87, 45.46, 37.3, 33.08, 37.77,
      ],
    );
  });

  it('Bollinger bands, 20 days at 2 deviations (StockCharts)', () => {
    const bands = new BollingerBands(20, 2, BOLLINGER_CLOSES);
    expect(bands.series.slice(0, 19)).toEqual(Array(19).fill(undefined));
    const latest = bands.series[19];
    expect(latest?.middle).toBeCloseTo(88.71, 2);
    expect(latest?.upper).toBeCloseTo(91.29, 2);
    expect(latest?.lower).toBeCloseTo(86.12, 2);
  });

  it('MACD is the 12-day exponential average less the 26-day, its signal their 9-day average', () => {
    // No published MACD table is at hand offline, so the line is checked against the exponential
    // averages the StockCharts table above vouches for, on those closes with short periods.
    const closes = MOVING_AVERAGE_CLOSES;
    const macd = new Macd({ fast: 3, slow: 10, signal: 4 }, closes);
    const fast = new ExponentialMovingAverage(3, closes).series;
    const slow = new ExponentialMovingAverage(10, closes).series;
    expect(macd.series.slice(0, 9)).toEqual(Array(9).fill(undefined));
    const lines = closes
      .slice(9)
      .map((_, offset) => (fast[offset + 9] as number) - (slow[offset + 9] as number));
    const signal = new ExponentialMovingAverage(4, lines).series;
    lines.forEach((line, offset) => {
      const value = macd.series[offset + 9];
      expect(value?.line).toBe(line);
      expect(value?.signal).toBe(signal[offset]);
      expect(value?.histogram).toBe(
        signal[offset] === undefined ? undefined : line - (signal[offset] as number),
      );
    });
  });

  it("MACD's classic 12/26/9: the line from the 26th candle, the signal and histogram from the 34th", () => {
    const closes = Array.from({ length: 40 }, (_, index) => 100 + Math.sin(index / 3) * 5);
    const macd = new Macd(undefined, closes);
    expect(macd.series[24]).toBeUndefined();
    expect(macd.series[25]?.line).toBeTypeOf('number');
    expect(macd.series[32]?.signal).toBeUndefined();
    expect(macd.series[33]?.signal).toBeTypeOf('number');
    expect(macd.series[33]?.histogram).toBeTypeOf('number');
  });
});
