import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { chartLocale } from './chart-locale';
import { candleTimeText, tickMarkFormatter } from './chart-time';

const NOON_UTC = 1_767_268_800 as UTCTimestamp; // 2026-01-01 12:00 UTC

describe('chart time', () => {
  it('keeps Latin digits and the Gregorian year in every language', () => {
    const arabic = candleTimeText(chartLocale('ar'), '1D', NOON_UTC);
    expect(arabic).toMatch(/2026/);
    const thai = tickMarkFormatter(chartLocale('th'))(NOON_UTC, TickMarkType.Year);
    expect(thai).toMatch(/2026/);
  });

  it('shows the time of day except for daily candles', () => {
    expect(candleTimeText('en', '1M', NOON_UTC)).toMatch(/\d\d:\d\d/);
    expect(candleTimeText('en', '1D', NOON_UTC)).not.toMatch(/\d\d:\d\d/);
  });
});
