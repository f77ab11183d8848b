import type { Language } from '@meridian/contract/languages';
import type { Candle, PeriodLabel } from '@meridian/contract/market';
import {
  type AutoscaleInfo,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type RefObject, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { WEB_LIMITS } from '../../../lib/limits';
import { formatChartPrice } from '../../../lib/price-format';
import { CHART_COLORS } from '../utils/chart-colors';
import { toCandleBar, toVolumeBar } from '../utils/chart-data';
import { candleTimeText, tickMarkFormatter } from '../utils/chart-time';
import { withLabelRoom } from '../utils/price-scale';

/** What the chart component does with the drawn chart. */
export type CandleChart = {
  /** Replaces every bar (a new instrument, period or history) and shows the latest ones. */
  setCandles(candles: readonly Candle[]): void;
  /** Updates the last bar or adds a new one. */
  update(candle: Candle): void;
  /** Draws `all` after `added` older bars came in before the first, keeping the bars in view where they are. */
  prepend(all: readonly Candle[], added: number): void;
};

type ChartSettings = {
  pricePrecision: number;
  period: PeriodLabel;
  locale: string;
  /** The interface language: the price axis writes numbers as the rest of the page. */
  language: Language;
  /** The candle start under the crosshair, or null when the crosshair leaves the chart. */
  onHover(timeSeconds: number | null): void;
  /** The customer scrolled near the first bar: time to fetch older history. */
  onNearStart(): void;
};

/** Candle spacing on a phone: about 55 candles on a 390-pixel screen, thick enough to read. */
const BAR_SPACING_PX = 6;
const RIGHT_OFFSET_BARS = 4;

type Drawn = { chart: IChartApi; candles: ISeriesApi<'Candlestick'>; volume: ISeriesApi<'Histogram'> };

function draw(container: HTMLElement): Drawn {
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: CHART_COLORS.text,
      fontSize: 11,
      attributionLogo: true,
    },
    grid: { vertLines: { color: CHART_COLORS.grid }, horzLines: { color: CHART_COLORS.grid } },
    rightPriceScale: { borderColor: CHART_COLORS.border },
    timeScale: {
      borderColor: CHART_COLORS.border,
      barSpacing: BAR_SPACING_PX,
      rightOffset: RIGHT_OFFSET_BARS,
      secondsVisible: false,
    },
    crosshair: {
      mode: CrosshairMode.Normal,
      vertLine: { color: CHART_COLORS.crosshair, labelBackgroundColor: CHART_COLORS.crosshairLabel },
      horzLine: { color: CHART_COLORS.crosshair, labelBackgroundColor: CHART_COLORS.crosshairLabel },
    },
    // A vertical swipe over the chart scrolls the page; a horizontal one pans the chart.
    handleScroll: { vertTouchDrag: false },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: CHART_COLORS.up,
    downColor: CHART_COLORS.down,
    borderUpColor: CHART_COLORS.up,
    borderDownColor: CHART_COLORS.down,
    wickUpColor: CHART_COLORS.up,
    wickDownColor: CHART_COLORS.down,
    autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => withLabelRoom(original()),
  });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: 0.26 } });
  // Volume sits under the candles, on a scale of its own in the bottom fifth.
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  return { chart, candles, volume };
}

/**
 * A lightweight-charts candlestick chart with a volume histogram in the container. It sizes itself
 * to the container (autoSize follows every resize) and is removed when the component unmounts or
 * its kept-alive page is hidden; the caller gives it the data again when it comes back.
 */
export function useCandleChart(
  container: RefObject<HTMLElement | null>,
  { pricePrecision, period, locale, language, onHover, onNearStart }: ChartSettings,
): CandleChart | null {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const hover = useEffectEvent((time: number | null) => onHover(time));
  const nearStart = useEffectEvent(() => onNearStart());

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const next = draw(element);
    next.chart.subscribeCrosshairMove((param) => hover(typeof param.time === 'number' ? param.time : null));
    next.chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (range && range.from < WEB_LIMITS.chartNearStartBars) nearStart();
    });
    setDrawn(next);
    return () => {
      setDrawn(null);
      next.chart.remove();
    };
  }, [container]);

  useEffect(() => {
    drawn?.candles.applyOptions({
      priceFormat: { type: 'price', precision: pricePrecision, minMove: 10 ** -pricePrecision },
    });
    // The axis writes prices as the header and legend do (the language's separators); drawing only.
    drawn?.chart.applyOptions({
      localization: { priceFormatter: (price: number) => formatChartPrice(price, pricePrecision, language) },
    });
  }, [drawn, pricePrecision, language]);

  useEffect(() => {
    drawn?.chart.applyOptions({
      localization: {
        locale,
        timeFormatter: (time: UTCTimestamp) => candleTimeText(locale, period, time),
      },
      timeScale: { timeVisible: period !== '1D', tickMarkFormatter: tickMarkFormatter(locale) },
    });
  }, [drawn, locale, period]);

  return useMemo<CandleChart | null>(() => {
    if (!drawn) return null;
    return {
      setCandles(list) {
        drawn.candles.setData(list.map(toCandleBar));
        drawn.volume.setData(list.map(toVolumeBar));
        drawn.chart.timeScale().applyOptions({ barSpacing: BAR_SPACING_PX });
        drawn.chart.timeScale().scrollToRealTime();
        // A drag on the price axis turns autoscale off; new bars (another period or instrument)
        // would then be drawn on the old range, cut off at the top or bottom. Fit them again.
        drawn.candles.priceScale().applyOptions({ autoScale: true });
      },
      update(candle) {
        drawn.candles.update(toCandleBar(candle));
        drawn.volume.update(toVolumeBar(candle));
      },
      prepend(all, added) {
        const timeScale = drawn.chart.timeScale();
        const range = timeScale.getVisibleLogicalRange();
        drawn.candles.setData(all.map(toCandleBar));
        drawn.volume.setData(all.map(toVolumeBar));
        // Logical indexes count from the first bar: the bars in view moved right by `added`.
        if (range) timeScale.setVisibleLogicalRange({ from: range.from + added, to: range.to + added });
      },
    };
  }, [drawn]);
}
