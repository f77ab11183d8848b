import type { Language } from '@meridian/contract/languages';
import type { Candle, PeriodLabel } from '@meridian/contract/market';
import {
  type AutoscaleInfo,
  CandlestickSeries,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type RefObject, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { chartLayout } from '../../../lib/chart-layout';
import { WEB_LIMITS } from '../../../lib/limits';
import { nextTask } from '../../../lib/next-task';
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
    layout: chartLayout(),
    grid: { vertLines: { color: CHART_COLORS.grid }, horzLines: { color: CHART_COLORS.grid } },
    // A label at the pane's top or bottom edge is drawn only when it is whole (the top one was cut in
    // half under the legend on the desktop, the bottom one over the time axis).
    rightPriceScale: { borderColor: CHART_COLORS.border, entireTextOnly: true },
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
  // Volume sits under the candles, on a scale of its own in the bottom fifth.
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: 'volume',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  const drawn = { chart, candles, volume };
  placeVolume(drawn, container.clientHeight);
  return drawn;
}

/**
 * The library's attribution logo (its licence asks for it) sits in the pane's bottom-left corner, in
 * a 44 px box (kline-chart.css): the volume bars stand on a floor above it, so it covers none of them.
 * The floor is in pixels, the scale's margins in fractions of the pane's height.
 */
const LOGO_FLOOR_PX = 34;
/** The time axis under the pane (its labels' row). */
const TIME_AXIS_PX = 28;
const VOLUME_BAND = 0.2;

function placeVolume({ candles, volume }: Drawn, containerHeightPx: number): void {
  const paneHeight = Math.max(containerHeightPx - TIME_AXIS_PX, 1);
  const floor = Math.min(LOGO_FLOOR_PX / paneHeight, 0.3);
  volume.priceScale().applyOptions({ scaleMargins: { top: 1 - floor - VOLUME_BAND, bottom: floor } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: 0.26 + floor } });
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
 * The chart is made with its first bars, in the task after the one that asks to draw them: made
 * empty, it painted once with no bars and again a moment later with them, and made in the task that
 * mounts the chart's component, it added its own cost to React's; each of those was one of the
 * trade page's longest tasks on a phone. Until bars come there is no chart, only the
 * container (and the caller's loading notice in it); bars given meanwhile wait with the first ones.
 */
export function useCandleChart(
  container: RefObject<HTMLElement | null>,
  { pricePrecision, period, locale, language, onHover, onNearStart }: ChartSettings,
): CandleChart {
  const drawn = useRef<Drawn | null>(null);
  const observers = useRef<ResizeObserver[]>([]);
  /** The bars to draw once the chart is made (in the next task), or null when none wait. */
  const waiting = useRef<Candle[] | null>(null);
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
      for (const observer of observers.current.splice(0)) observer.disconnect();
      drawn.current?.chart.remove();
      drawn.current = null;
      waiting.current = null;
    },
    [],
  );

  return useMemo<CandleChart>(() => {
    const show = (shown: Drawn, list: readonly Candle[]) => {
      shown.candles.setData(list.map(toCandleBar));
      shown.volume.setData(list.map(toVolumeBar));
      shown.chart.timeScale().applyOptions({ barSpacing: BAR_SPACING_PX });
      shown.chart.timeScale().scrollToRealTime();
      // A drag on the price axis turns autoscale off; new bars (another period or instrument)
      // would then be drawn on the old range, cut off at the top or bottom. Fit them again.
      shown.candles.priceScale().applyOptions({ autoScale: true });
    };
    /** Makes the chart with the waiting bars, unless it was made, or removed, meanwhile. */
    const make = () => {
      const bars = waiting.current;
      const element = container.current;
      // Taken either way: bars given later schedule another try.
      waiting.current = null;
      if (!bars || bars.length === 0 || drawn.current || !element) return;
      const next = draw(element);
      applyLook(next, look.current);
      next.chart.subscribeCrosshairMove((param) => hover(typeof param.time === 'number' ? param.time : null));
      next.chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
        if (range && range.from < WEB_LIMITS.chartNearStartBars) nearStart();
      });
      drawn.current = next;
      // The volume's floor above the logo follows the pane's height (a rotated phone, a resized window).
      const resized = new ResizeObserver(() => {
        if (drawn.current === next) placeVolume(next, element.clientHeight);
      });
      resized.observe(element);
      observers.current.push(resized);
      show(next, bars);
    };
    const wait = (bars: Candle[]) => {
      if (!waiting.current) void nextTask().then(make);
      waiting.current = bars;
    };
    return {
      setCandles(list) {
        if (drawn.current) show(drawn.current, list);
        // No bars and no chart yet: nothing to draw (the caller says why: loading, or no candles).
        else if (list.length > 0 || waiting.current) wait([...list]);
      },
      update(candle) {
        if (drawn.current) {
          drawn.current.candles.update(toCandleBar(candle));
          drawn.current.volume.update(toVolumeBar(candle));
          return;
        }
        const bars = waiting.current ?? [];
        const last = bars.at(-1);
        if (last && last.Time === candle.Time) bars[bars.length - 1] = candle;
        else if (!last || last.Time < candle.Time) bars.push(candle);
        wait(bars);
      },
      prepend(all, added) {
        const shown = drawn.current;
        if (!shown) {
          if (waiting.current) waiting.current = [...all];
          return;
        }
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
