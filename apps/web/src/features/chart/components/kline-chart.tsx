import { normalizeLanguage } from '@meridian/contract/languages';
import { Candle, type PeriodLabel } from '@meridian/contract/market';
import type { PushSchema } from '@meridian/contract/push-schemas';
import { klineTopic } from '@meridian/contract/socket';
import { Button, DotLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricesPaused } from '../../../lib/market-state';
import { useTopic } from '../../../lib/realtime/use-topic';
import { getKline, useKline } from '../api/get-kline';
import { useCandleChart } from '../hooks/use-candle-chart';
import { CandleBook } from '../utils/candle-book';
import { ChartLegend } from './chart-legend';
import { MarketClosedBanner } from './market-closed-banner';
import { PricesPausedBanner } from './prices-paused-banner';
import './kline-chart.css';

export type KlineChartProps = {
  /** The locale its dates are written in (`chartLocale`: the page's language, Latin digits). */
  locale: string;
  forexId: number;
  period: PeriodLabel;
  pricePrecision: number;
  marketOpen: boolean;
  /** Not open because the real feed gives no usable price (not the trading hours); null otherwise. */
  pricesPaused?: PricesPaused | null;
};

/** A kline push's check, at once (the chart holds the market schemas); typed by the contract's push map. */
const klineSchema: PushSchema<'kline'> = Candle;

/** One book per chart (instrument and period), made afresh when either changes. */
function useCandleBook(topic: string): CandleBook {
  const ref = useRef<{ topic: string; book: CandleBook } | null>(null);
  if (ref.current?.topic !== topic) ref.current = { topic, book: new CandleBook() };
  return ref.current.book;
}

/**
 * The candlestick chart of spec section 2: history from GET kline, then live from the
 * `kline.<forex_id>.<period>` topic while shown, with the OHLC legend of the hovered (or latest)
 * candle, and the market-closed or prices-paused notice.
 */
export function KlineChart({
  locale,
  forexId,
  period,
  pricePrecision,
  marketOpen,
  pricesPaused = null,
}: KlineChartProps) {
  const { t, i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const containerRef = useRef<HTMLDivElement>(null);
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const [latest, setLatest] = useState<Candle | undefined>(undefined);
  const topic = klineTopic(forexId, period);
  const book = useCandleBook(topic);
  const olderLoading = useRef(false);
  // The book of the chart as shown now: a page that arrives after a switch of instrument or period is dropped.
  const shownBook = useRef(book);
  shownBook.current = book;
  const chart = useCandleChart(containerRef, {
    pricePrecision,
    period,
    locale,
    language,
    onHover: setHoverTime,
    onNearStart: () => void loadOlder(),
  });
  const kline = useKline(forexId, period);

  /** One page of older history at a time, while the customer scrolls back; a failed page is asked again on the next scroll. */
  async function loadOlder(): Promise<void> {
    const before = book.olderFrom();
    if (before === undefined || olderLoading.current) return;
    olderLoading.current = true;
    try {
      const older = await getKline(forexId, period, undefined, before);
      if (shownBook.current !== book) return;
      const added = book.prepend(older, before);
      if (added > 0) chart.prepend(book.list(), added);
    } catch {
      // Nothing drawn changes; the next scroll near the start asks again.
    } finally {
      olderLoading.current = false;
    }
  }

  useEffect(() => {
    if (!kline.data) {
      chart.setCandles([]);
      setLatest(undefined);
      return;
    }
    const newer = book.load(kline.data);
    chart.setCandles(kline.data);
    for (const candle of newer) chart.update(candle);
    setLatest(book.last());
  }, [chart, kline.data, book]);

  useTopic(topic, (data, from) => {
    if (from !== topic) return;
    const parsed = klineSchema.safeParse(data);
    if (!parsed.success) {
      console.error(`${from} push does not match the contract`, parsed.error);
      return;
    }
    if (!book.accept(parsed.data)) return;
    // Before the history, the book keeps the bar: the chart is drawn once, with both.
    if (kline.data) chart.update(parsed.data);
    setLatest(parsed.data);
  });

  const hovered = hoverTime === null ? undefined : book.get(hoverTime);
  const empty = kline.data?.length === 0;
  const closed = !marketOpen && pricesPaused === null;
  return (
    <section
      className={`kline-chart${closed ? ' is-closed' : ''}`}
      aria-label={t('trade.chartLabel')}
      data-period={period}
    >
      <ChartLegend
        candle={hovered ?? latest}
        pricePrecision={pricePrecision}
        period={period}
        locale={locale}
        marketOpen={marketOpen}
      />
      {closed && <MarketClosedBanner locale={locale} />}
      <div className="kline-canvas-frame">
        {!marketOpen && pricesPaused && <PricesPausedBanner reason={pricesPaused} />}
        <div className="kline-canvas" ref={containerRef} />
        {kline.isPending && (
          <div className="kline-overlay">
            <DotLoading color="primary" />
          </div>
        )}
        {kline.isError && (
          <div className="kline-overlay">
            <p>{t('trade.chartFailed')}</p>
            <Button size="small" color="primary" fill="outline" onClick={() => void kline.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {empty && (
          <div className="kline-overlay">
            <p>{t('trade.noCandles')}</p>
          </div>
        )}
      </div>
    </section>
  );
}
