import { describe, expect, it } from 'vitest';
import { checkBandWidth, checkIndicatorPeriod, INDICATOR_LIMITS } from './indicator-limits';
import { checkMacdPeriods, Macd } from './macd';
import { ExponentialMovingAverage, SimpleMovingAverage } from './moving-average';
import { RelativeStrengthIndex } from './relative-strength';

describe('chart indicator settings', () => {
  it('a period is a whole number of candles within the limits, at the bounds and one either side', () => {
    expect(checkIndicatorPeriod(INDICATOR_LIMITS.periodBarsMin).ok).toBe(true);
    expect(checkIndicatorPeriod(INDICATOR_LIMITS.periodBarsMax).ok).toBe(true);
    expect(checkIndicatorPeriod(INDICATOR_LIMITS.periodBarsMin - 1)).toEqual({
      ok: false,
      reason: 'indicator.periodInvalid',
      params: { min: '1', max: '500' },
    });
    expect(checkIndicatorPeriod(INDICATOR_LIMITS.periodBarsMax + 1).ok).toBe(false);
    expect(checkIndicatorPeriod(14.5).ok).toBe(false);
    expect(checkIndicatorPeriod(Number.NaN).ok).toBe(false);
  });

  it('a Bollinger width is a finite number of deviations within the limits', () => {
    expect(checkBandWidth(2).ok).toBe(true);
    expect(checkBandWidth(INDICATOR_LIMITS.bandWidthDeviationsMin).ok).toBe(true);
    expect(checkBandWidth(INDICATOR_LIMITS.bandWidthDeviationsMax).ok).toBe(true);
    expect(checkBandWidth(0).ok).toBe(false);
    expect(checkBandWidth(Number.POSITIVE_INFINITY).ok).toBe(false);
  });

  it("MACD's fast average must be shorter than its slow one", () => {
    expect(checkMacdPeriods({ fast: 12, slow: 26, signal: 9 }).ok).toBe(true);
    expect(checkMacdPeriods({ fast: 26, slow: 26, signal: 9 })).toEqual({
      ok: false,
      reason: 'indicator.macdFastNotBelowSlow',
      params: {},
    });
    expect(checkMacdPeriods({ fast: 12, slow: 26, signal: 0 }).ok).toBe(false);
  });

  it('a calculator built outside the limits, or updated before any candle, fails loudly', () => {
    expect(() => new SimpleMovingAverage(0)).toThrow();
    expect(() => new ExponentialMovingAverage(INDICATOR_LIMITS.periodBarsMax + 1)).toThrow();
    expect(() => new Macd({ fast: 26, slow: 12, signal: 9 })).toThrow();
    expect(() => new RelativeStrengthIndex(14).update(1)).toThrow();
  });
});
