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
import { type RefObject, useEffect, useEffectEvent, useMemo, useRef } from 'react';
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

type Look = Pick<ChartSettings, 'pricePrecision' | 'period' | 'locale' | 'language'>;

/** The price and time formats: how the axes, the crosshair's labels and the price line write. */
function applyLook({ chart, candles }: Drawn, { pricePrecision, period, locale, language }: Look): void {
  candles.applyOptions({
    priceFormat: { type: 'price', precision: pricePrecision, minMove: 10 ** -pricePrecision },
  });
  chart.applyOptions({
    localization: {
      locale,
      // The axis writes prices as the header and legend do (the language's separators); drawing only.
      priceFormatter: (price: number) => formatChartPrice(price, pricePrecision, language),
      timeFormatter: (time: UTCTimestamp) => candleTimeText(locale, period, time),
    },
    timeScale: { timeVisible: period !== '1D', tickMarkFormatter: tickMarkFormatter(locale) },
  });
}

/**
 * A lightweight-charts candlestick chart with a volume histogram in the container. It sizes itself
 * to the container (autoSize follows every resize) and is removed when the component unmounts or
 * its kept-alive page is hidden; the caller gives it the data again when it comes back.
 *
 * The chart is made with its first bars, in the same task: made empty, it painted once with no bars
 * and again a moment later with them, two of the longest tasks of the trade page's start on a
 * phone (issue 15). Until bars come there is no chart, only the container (and the caller's
 * loading notice in it).
 */
export function useCandleChart(
  container: RefObject<HTMLElement | null>,
  { pricePrecision, period, locale, language, onHover, onNearStart }: ChartSettings,
): CandleChart {
  const drawn = useRef<Drawn | null>(null);
  const look = useRef<Look>({ pricePrecision, period, locale, language });
  const hover = useEffectEvent((time: number | null) => onHover(time));
  const nearStart = useEffectEvent(() => onNearStart());

  useEffect(() => {
    look.current = { pricePrecision, period, locale, language };
    if (drawn.current) applyLook(drawn.current, look.current);
  }, [pricePrecision, period, locale, language]);

  // Removed with the component, or when its kept-alive page is hidden (its effects are cleaned up).
  useEffect(
    () => () => {
      drawn.current?.chart.remove();
      drawn.current = null;
    },
    [],
  );

  return useMemo<CandleChart>(() => {
    /** The chart, made now if there is none yet (and there is somewhere to draw it). */
    const chartNow = (): Drawn | null => {
      if (drawn.current) return drawn.current;
      const element = container.current;
      if (!element) return null;
      const next = draw(element);
      applyLook(next, look.current);
      next.chart.subscribeCrosshairMove((param) => hover(typeof param.time === 'number' ? param.time : null));
      next.chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
        if (range && range.from < WEB_LIMITS.chartNearStartBars) nearStart();
      });
      drawn.current = next;
      return next;
    };
    return {
      setCandles(list) {
        // No bars and no chart yet: nothing to draw (the caller says why: loading, or no candles).
        const shown = list.length > 0 ? chartNow() : drawn.current;
        if (!shown) return;
        shown.candles.setData(list.map(toCandleBar));
        shown.volume.setData(list.map(toVolumeBar));
        shown.chart.timeScale().applyOptions({ barSpacing: BAR_SPACING_PX });
        shown.chart.timeScale().scrollToRealTime();
        // A drag on the price axis turns autoscale off; new bars (another period or instrument)
        // would then be drawn on the old range, cut off at the top or bottom. Fit them again.
        shown.candles.priceScale().applyOptions({ autoScale: true });
      },
      update(candle) {
        const shown = chartNow();
        shown?.candles.update(toCandleBar(candle));
        shown?.volume.update(toVolumeBar(candle));
      },
      prepend(all, added) {
        const shown = drawn.current;
        if (!shown) return;
        const timeScale = shown.chart.timeScale();
        const range = timeScale.getVisibleLogicalRange();
        shown.candles.setData(all.map(toCandleBar));
        shown.volume.setData(all.map(toVolumeBar));
        // Logical indexes count from the first bar: the bars in view moved right by `added`.
        if (range) timeScale.setVisibleLogicalRange({ from: range.from + added, to: range.to + added });
      },
    };
  }, [container]);
}
