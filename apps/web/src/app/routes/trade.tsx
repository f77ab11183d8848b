import { LANGUAGE_TAGS, normalizeLanguage } from '@meridian/contract/languages';
import type { Instrument, PeriodLabel } from '@meridian/contract/market';
import { marginModeOf } from '@meridian/domain/margin-mode';
import type { Side } from '@meridian/domain/side';
import { Skeleton } from 'antd-mobile';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { LiveStateNotice } from '../../components/live-state-notice';
import { useUserStore } from '../../features/auth/stores/user-store';
import { PeriodBar } from '../../features/chart/components/period-bar';
import { useChartPeriodStore } from '../../features/chart/stores/chart-period-store';
import { chartLocale, prepareDateFormats } from '../../features/chart/utils/chart-locale';
import { parsePeriod } from '../../features/chart/utils/period';
import { useCategories } from '../../features/market/api/get-categories';
import { useTradeList } from '../../features/market/api/get-trade-list';
import { InstrumentHeader } from '../../features/market/components/instrument-header';
import { MarketLoadFailed } from '../../features/market/components/market-load-failed';
import { useMarketDayFeed } from '../../features/market/hooks/use-market-day-feed';
import { useCurrentInstrumentStore } from '../../features/market/stores/current-instrument-store';
import { OrderActionBar } from '../../features/trading/components/order-action-bar';
import { useTradingPaused } from '../../features/trading/hooks/use-trading-paused';
import { useAfterNextPaint } from '../../hooks/use-after-next-paint';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { loginPathFrom } from '../../lib/return-path';
import { toast } from '../../lib/toast';
import { whenIdle } from '../../lib/when-idle';
import type { RouteMeta } from '../route-meta';
import { useOrderTopUp } from './order-top-up';
import { TabPageShell } from './tab-page-shell';
import { useTradeMarketState, useTradeQuote } from './trade-quote';
import './trade.css';

// The chart library is loaded with the chart, so the home page's first download stays small.
const KlineChart = lazy(() =>
  import('../../features/chart/components/kline-chart').then((module) => ({ default: module.KlineChart })),
);

// The desktop terminal's panels load only on a desktop-wide window.
const TradeTerminal = lazy(() =>
  import('./trade-terminal').then((module) => ({ default: module.TradeTerminal })),
);

// The order form (its fields, the pricing with its money arithmetic, the sheet's animation) and
// the instrument drawer are not drawn until asked for: they load after the quote header and the
// chart, so the price (the page's largest paint) waits for a smaller chunk. Both are popups over
// the page, so loading them later moves nothing.
const loadOrderSheet = () =>
  import('./trade-order-sheet').then((module) => ({ default: module.TradeOrderSheet }));
const OrderSheet = lazy(loadOrderSheet);
const loadInstrumentSelector = () =>
  import('../../features/market/components/instrument-selector').then((module) => ({
    default: module.InstrumentSelector,
  }));
const InstrumentSelector = lazy(loadInstrumentSelector);

/**
 * Once the price has been shown and the browser is idle, the drawer and then the order form
 * download, ready for a tap (and there if the server goes away afterwards: the drawer still opens,
 * e2e/live-state). Not sooner: their ~30 files would share the network and the main thread with the
 * price, the page's largest paint. One at a time, each from an idle callback of its own: asking for
 * a module's files costs the main thread about a millisecond a file on a phone, and asked for
 * together (or from an effect, beside the chart's), they made one of the page's longest tasks.
 */
function usePreloadTradeParts(priceShown: boolean): void {
  useEffect(() => {
    if (!priceShown) return undefined;
    let left = false;
    let cancelNext = () => {};
    const cancelFirst = whenIdle(() => {
      void loadInstrumentSelector()
        .catch(() => {})
        .then(() => {
          if (!left) cancelNext = whenIdle(() => void loadOrderSheet().catch(() => {}));
        });
    });
    return () => {
      left = true;
      cancelFirst();
      cancelNext();
    };
  }, [priceShown]);
}

const TRADE_PATH = '/trade';

/** The instrument the URL (or, without one, the store) names; the first of the list otherwise. */
function pickInstrument(instruments: readonly Instrument[], code: string | null): Instrument | undefined {
  if (code) {
    const wanted = code.toUpperCase();
    const found = instruments.find((instrument) => instrument.Code.toUpperCase() === wanted);
    if (found) return found;
  }
  return instruments[0];
}

/**
 * Which instrument and period the page shows: the URL's when it names them, otherwise the last
 * chosen (stores). While the page is shown, the URL is made to name both, so it can be shared and
 * the back button returns to the previous instrument.
 */
function useTradeSelection(instruments: readonly Instrument[]) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const storedCode = useCurrentInstrumentStore((state) => state.code);
  const setStoredCode = useCurrentInstrumentStore((state) => state.setCode);
  const storedPeriod = useChartPeriodStore((state) => state.period);
  const setStoredPeriod = useChartPeriodStore((state) => state.setPeriod);
  const urlCode = params.get('code');
  const urlPeriod = parsePeriod(params.get('period'));
  const instrument = pickInstrument(instruments, urlCode ?? storedCode);
  const period = urlPeriod ?? storedPeriod;

  useEffect(() => {
    if (pathname !== TRADE_PATH || !instrument) return undefined;
    const storeStale = instrument.Code !== storedCode || period !== storedPeriod;
    const urlStale = urlCode !== instrument.Code || params.get('period') !== period;
    if (!storeStale && !urlStale) return undefined;
    // In a task of its own (a change of any input first cancels it): a store write re-renders the
    // whole page at once (a store's update is never sliced), and in the effects of the commit that
    // first shows the page it made that task the trade page's longest on a phone.
    const timer = window.setTimeout(() => {
      if (instrument.Code !== storedCode) setStoredCode(instrument.Code);
      if (period !== storedPeriod) setStoredPeriod(period);
      if (urlStale) setParams({ code: instrument.Code, period }, { replace: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [
    pathname,
    instrument,
    period,
    urlCode,
    params,
    storedCode,
    storedPeriod,
    setStoredCode,
    setStoredPeriod,
    setParams,
  ]);

  // The choices write the URL alone; the effect above copies it into the stores. Writing a store
  // too would race the URL's update: the effect, still reading the old URL, would undo it.
  const chooseInstrument = useCallback(
    (next: Instrument) => setParams({ code: next.Code, period }),
    [period, setParams],
  );
  const choosePeriod = useCallback(
    (next: PeriodLabel) => {
      if (instrument) setParams({ code: instrument.Code, period: next }, { replace: true });
    },
    [instrument, setParams],
  );
  return { instrument, period, chooseInstrument, choosePeriod };
}

function TradeSkeleton() {
  return (
    <div className="trade-skeleton" aria-busy="true">
      <Skeleton animated className="trade-skeleton-header" />
      <Skeleton animated className="trade-skeleton-chart" />
    </div>
  );
}

/**
 * The order bar and its form: a visitor pressing buy or sell is sent to log in and back here
 * (spec section 5); an instrument without leverage options says so instead of opening the form.
 */
function OrderEntry({
  instrument,
  instruments,
}: {
  instrument: Instrument;
  instruments: readonly Instrument[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const loggedIn = useUserStore((state) => state.token !== null);
  const shown = useTradeQuote(instrument);
  const paused = useTradingPaused();
  const topUp = useOrderTopUp();
  const [side, setSide] = useState<Side | null>(null);
  // Mounted from the first pick on, and kept, so the sheet's closing animation still plays.
  const [sheetWanted, setSheetWanted] = useState(false);
  const noLeverage =
    marginModeOf(instrument.MarginMode) === 'leveraged' && instrument.HasForexMultiple.length === 0;
  if (!shown) return null;

  const pick = (picked: Side) => {
    if (!loggedIn) {
      navigate(loginPathFrom(pathname + search));
      return;
    }
    if (noLeverage) {
      toast.show({ content: t('orderRules.leverage_not_configured') });
      return;
    }
    setSheetWanted(true);
    setSide(picked);
  };

  return (
    <>
      <OrderActionBar
        bid={shown.quote?.bid ?? null}
        ask={shown.quote?.ask ?? null}
        precision={instrument.PricePrecision}
        marketOpen={shown.marketOpen}
        pricesPaused={shown.pricesPaused}
        paused={paused}
        noLeverage={noLeverage}
        onPick={pick}
      />
      {sheetWanted && (
        <Suspense fallback={null}>
          <OrderSheet
            side={side}
            onClose={() => setSide(null)}
            instrument={instrument}
            instruments={instruments}
            topUp={topUp}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * Trade (spec section 2): instrument header with its selector drawer, period bar, live chart, and
 * the order bar that opens the order form; on a desktop-wide window, the terminal around the same
 * chart (quotes list, always-open order ticket, orders).
 */
export function TradeRoute({ meta }: { meta: RouteMeta }) {
  const { t, i18n } = useTranslation();
  const chartLocaleTag = chartLocale(LANGUAGE_TAGS[normalizeLanguage(i18n.language)]);
  useMarketDayFeed();
  const tradeList = useTradeList();
  const categories = useCategories();
  const instruments = tradeList.data ?? [];
  const { instrument, period, chooseInstrument, choosePeriod } = useTradeSelection(instruments);
  usePreloadTradeParts(instrument !== undefined);
  // The chart (its library is ~50 KB gzip) a frame after the header: the price paints first.
  const chartWanted = useAfterNextPaint(instrument !== undefined);
  // While the chart library downloads, not before the price (the page's largest paint) is shown.
  useEffect(
    () => (chartWanted ? prepareDateFormats(chartLocaleTag) : undefined),
    [chartWanted, chartLocaleTag],
  );
  const [selecting, setSelecting] = useState(false);
  // The drawer is mounted from its first opening on, and kept (its closing animation plays).
  const [selectorWanted, setSelectorWanted] = useState(false);
  const openSelector = useCallback(() => {
    setSelectorWanted(true);
    setSelecting(true);
  }, []);
  const { marketOpen, pricesPaused } = useTradeMarketState(instrument);
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((category) => [category.Id, category.NameShowTrans])),
    [categories.data],
  );
  const desktop = useIsDesktop();
  // The instrument's header, period bar and chart: the same on a phone and in the desktop terminal.
  const chart = instrument && (
    <>
      <InstrumentHeader
        instrument={instrument}
        categoryName={categoryNames.get(instrument.CategoryId)}
        onOpenSelector={openSelector}
      />
      <PeriodBar value={period} onChange={choosePeriod} />
      <AreaErrorBoundary>
        <Suspense fallback={<div className="kline-chart kline-chart-loading" />}>
          {chartWanted ? (
            <KlineChart
              locale={chartLocaleTag}
              forexId={instrument.Id}
              period={period}
              pricePrecision={instrument.PricePrecision}
              marketOpen={marketOpen}
              pricesPaused={pricesPaused}
            />
          ) : (
            <div className="kline-chart kline-chart-loading" />
          )}
        </Suspense>
      </AreaErrorBoundary>
    </>
  );

  return (
    <TabPageShell className="trade-page" meta={meta}>
      <LiveStateNotice />
      {tradeList.isPending && <TradeSkeleton />}
      {tradeList.isError && !tradeList.data && <MarketLoadFailed onRetry={() => void tradeList.refetch()} />}
      {tradeList.data && !instrument && <p className="market-empty">{t('market.empty')}</p>}
      {instrument && (
        <>
          {desktop ? (
            <Suspense fallback={<TradeSkeleton />}>
              <TradeTerminal
                instrument={instrument}
                instruments={instruments}
                onChoose={chooseInstrument}
                chart={chart}
              />
            </Suspense>
          ) : (
            <>
              {chart}
              <AreaErrorBoundary>
                <OrderEntry key={instrument.Id} instrument={instrument} instruments={instruments} />
              </AreaErrorBoundary>
            </>
          )}
          {selectorWanted && (
            <Suspense fallback={null}>
              <InstrumentSelector
                visible={selecting}
                onClose={() => setSelecting(false)}
                instruments={instruments}
                categories={categories.data ?? []}
                currentId={instrument.Id}
                onChoose={(next) => {
                  setSelecting(false);
                  chooseInstrument(next);
                }}
              />
            </Suspense>
          )}
        </>
      )}
    </TabPageShell>
  );
}
