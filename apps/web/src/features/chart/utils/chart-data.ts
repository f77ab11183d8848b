import type { Candle } from '@meridian/contract/market';
import type { CandlestickData, HistogramData, UTCTimestamp } from 'lightweight-charts';
import { compareDecimalText } from '../../../lib/decimal-text';
import { CHART_COLORS } from './chart-colors';

/**
 * The chart draws on a canvas and wants numbers; converting the server's decimal strings here is
 * for drawing only. Every figure a person reads (legend, header) comes from the strings.
 */
export function toCandleBar(candle: Candle): CandlestickData<UTCTimestamp> {
  return {
    time: candle.Time as UTCTimestamp,
    open: Number(candle.Open),
    high: Number(candle.High),
    low: Number(candle.Low),
    close: Number(candle.Close),
  };
}

export function isDownCandle(candle: Candle): boolean {
  return compareDecimalText(candle.Close, candle.Open) === -1;
}

export function toVolumeBar(candle: Candle): HistogramData<UTCTimestamp> {
  return {
    time: candle.Time as UTCTimestamp,
    value: Number(candle.Volume),
    color: isDownCandle(candle) ? CHART_COLORS.downVolume : CHART_COLORS.upVolume,
  };
}
