import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barsOf } from './bars.fixture';
import {
  averageTrueRange,
  bollinger,
  donchian,
  emaSeries,
  lastTwo,
  rateOfChange,
  rsiSeries,
  sma,
} from './indicators';

const prices = fc.array(fc.double({ min: 0.5, max: 2, noNaN: true }), { minLength: 30, maxLength: 120 });

describe('indicators', () => {
  it('exponential average: seeded with the simple average, then smoothing 2 / (period + 1)', () => {
    expect(emaSeries([1, 2, 3, 4, 5], 3)).toEqual([2, 3, 4]);
    expect(emaSeries([1, 2], 3)).toEqual([]);
    expect(emaSeries([7, 8, 9], 1)).toEqual([7, 8, 9]);
  });

  it('an exponential average stays within the values it averages', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 1, max: 30 }), (values, period) => {
        const low = Math.min(...values);
        const high = Math.max(...values);
        for (const value of emaSeries(values, period)) {
          expect(value).toBeGreaterThanOrEqual(low - 1e-12);
          expect(value).toBeLessThanOrEqual(high + 1e-12);
        }
      }),
    );
  });

  it('simple average and Bollinger bands of the last values', () => {
    expect(sma([1, 2, 3, 4], 2)).toBe(3.5);
    expect(sma([1], 2)).toBeUndefined();
    expect(bollinger([5, 5, 5], 3, 2)).toEqual({ lower: 5, middle: 5, upper: 5 });
    // Population deviation of 2 and 4 is 1.
    expect(bollinger([9, 2, 4], 2, 2)).toEqual({ lower: 1, middle: 3, upper: 5 });
  });

  it('average true range: the steady range of bars without gaps', () => {
    const bars = barsOf(
      Array.from({ length: 20 }, () => 100),
      15,
      0.01,
    );
    expect(averageTrueRange(bars, 14)).toBeCloseTo(2, 10);
    expect(averageTrueRange(bars.slice(0, 14), 14)).toBeUndefined();
  });

  it('the true range counts a gap from the previous close', () => {
    const bars = [
      { time: 0, open: 100, high: 100, low: 100, close: 100 },
      { time: 1, open: 110, high: 110, low: 110, close: 110 },
    ];
    expect(averageTrueRange(bars, 1)).toBe(10);
  });

  it('relative strength: 100 without losses, 0 without gains, 50 when flat, always within 0 to 100', () => {
    expect(rsiSeries([1, 2, 3, 4], 3)).toEqual([100]);
    expect(rsiSeries([4, 3, 2, 1], 3)).toEqual([0]);
    expect(rsiSeries([1, 1, 1, 1], 3)).toEqual([50]);
    expect(rsiSeries([1, 2, 3], 3)).toEqual([]);
    fc.assert(
      fc.property(prices, fc.integer({ min: 2, max: 20 }), (values, period) => {
        for (const value of rsiSeries(values, period)) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('rate of change over a period, optionally some bars back', () => {
    expect(rateOfChange([100, 105, 110], 2)).toBeCloseTo(0.1, 12);
    expect(rateOfChange([100, 105, 110], 1, 1)).toBeCloseTo(0.05, 12);
    expect(rateOfChange([100, 105], 2)).toBeUndefined();
  });

  it('Donchian channel of the bars before the last', () => {
    const bars = barsOf([10, 12, 11, 20], 15, 0);
    // Bars 10, 12 (open 10), 11 (open 12): highest 12, lowest 10; the last bar is left out.
    expect(donchian(bars, 3)).toEqual({ lower: 10, upper: 12 });
    expect(donchian(bars, 4)).toBeUndefined();
  });

  it('the last two values of a series', () => {
    expect(lastTwo([1, 2, 3])).toEqual({ previous: 2, latest: 3 });
    expect(lastTwo([1])).toBeUndefined();
  });

  it('a period below one is a programmer error', () => {
    expect(() => sma([1], 0)).toThrow();
    expect(() => emaSeries([1], 1.5)).toThrow();
  });
});
