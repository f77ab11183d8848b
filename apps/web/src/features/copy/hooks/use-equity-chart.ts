import type { Language } from '@meridian/contract/languages';
import {
  AreaSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type RefObject, useEffect, useState } from 'react';
import { CHART_GREYS, chartLayout } from '../../../lib/chart-layout';
import { formatChartPrice } from '../../../lib/price-format';
import type { EquityChartPoint } from '../utils/equity-points';

/** The chart's colours: the brand blue of the style sheet (tokens.css --brand) and the charts' greys. */
const COLORS = {
  line: '#1a4fd6',
  areaTop: 'rgba(26, 79, 214, 0.28)',
  areaBottom: 'rgba(26, 79, 214, 0.02)',
  ...CHART_GREYS,
} as const;

type Drawn = { chart: IChartApi; series: ISeriesApi<'Area'> };

function draw(container: HTMLElement, locale: string, language: Language): Drawn {
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const clockFormat = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const yearFormat = new Intl.DateTimeFormat(locale, { year: 'numeric' });
  // A young curve spans hours, an old one months: the axis names the unit its ticks fall on.
  const tickText = (time: Time, type: TickMarkType): string => {
    if (typeof time !== 'number') return '';
    const date = new Date(time * 1000);
    if (type === TickMarkType.Year) return yearFormat.format(date);
    if (type === TickMarkType.Time || type === TickMarkType.TimeWithSeconds) return clockFormat.format(date);
    return dayFormat.format(date);
  };
  const chart = createChart(container, {
    autoSize: true,
    layout: chartLayout(),
    grid: { vertLines: { visible: false }, horzLines: { color: COLORS.grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: {
      borderColor: COLORS.border,
      fixLeftEdge: true,
      fixRightEdge: true,
      timeVisible: true,
      secondsVisible: false,
      tickMarkFormatter: tickText,
    },
    localization: {
      locale,
      priceFormatter: (value: number) => formatChartPrice(value, 2, language),
      timeFormatter: (time: UTCTimestamp) => dateFormat.format(new Date(time * 1000)),
    },
    // The curve is for reading, not for trading: a swipe scrolls the page, not the chart.
    handleScroll: false,
    handleScale: false,
  });
  const series = chart.addSeries(AreaSeries, {
    lineColor: COLORS.line,
    topColor: COLORS.areaTop,
    bottomColor: COLORS.areaBottom,
    lineWidth: 2,
    priceLineVisible: false,
  });
  return { chart, series };
}

/**
 * A lightweight-charts area chart of a trader's equity in the container, fitted to the whole curve.
 * It is removed when the component unmounts (or its page is hidden) and drawn again when shown.
 */
export function useEquityChart(
  container: RefObject<HTMLElement | null>,
  points: readonly EquityChartPoint[],
  locale: string,
  language: Language,
): void {
  const [drawn, setDrawn] = useState<Drawn | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const next = draw(element, locale, language);
    setDrawn(next);
    return () => {
      setDrawn(null);
      next.chart.remove();
    };
  }, [container, locale, language]);

  useEffect(() => {
    if (!drawn) return;
    drawn.series.setData(points.map((point) => ({ time: point.time as UTCTimestamp, value: point.value })));
    drawn.chart.timeScale().fitContent();
  }, [drawn, points]);
}
