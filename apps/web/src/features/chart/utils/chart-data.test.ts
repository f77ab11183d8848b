import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from './chart-colors';
import { isDownCandle, toCandleBar, toVolumeBar } from './chart-data';

const candle = {
  Time: 1_767_225_600,
  Open: '1.08500',
  High: '1.08600',
  Low: '1.08400',
  Close: '1.08450',
  Volume: '12.5',
};

describe('chart data', () => {
  it('turns a candle into a bar at its start second', () => {
    expect(toCandleBar(candle)).toEqual({
      time: 1_767_225_600,
      open: 1.085,
      high: 1.086,
      low: 1.084,
      close: 1.0845,
    });
  });

  it('colours volume by the candle direction, a flat candle counting as up', () => {
    expect(isDownCandle(candle)).toBe(true);
    expect(toVolumeBar(candle)).toEqual({ time: 1_767_225_600, value: 12.5, color: CHART_COLORS.downVolume });
    expect(toVolumeBar({ ...candle, Close: '1.08500' }).color).toBe(CHART_COLORS.upVolume);
  });
});
