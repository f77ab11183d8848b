import type { Instrument } from '@meridian/contract/market';
import { CloseOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { SearchField } from '../../components/search-field';
import { useUserStore } from '../../features/auth/stores/user-store';
import { useTradeList } from '../../features/market/api/get-trade-list';
import { MarketList } from '../../features/market/components/market-list';
import { useBasicInfo } from '../../features/settings/api/get-basic-info';
import { PriceSourceLabel } from '../../features/settings/components/price-source-label';
import { useBalance } from '../../features/trading/api/get-balance';
import { OrderCenter } from '../../features/trading/components/order-center';
import { OrderForm } from '../../features/trading/components/order-form';
import { SignInLinks } from '../layout/sign-in-links';
import { useOrderTopUp } from './order-top-up';
import { useOrderPricing } from './trade-pricing';
import './trade-terminal.css';

/** The side list of the terminal: a search box over the home page's market list. */
/**
 * Brings the instrument on screen into the quotes panel's view (opened from a link, it may be far
 * down the list), scrolling the panel only, never the window.
 */
function useCurrentRowInView(anchor: RefObject<HTMLElement | null>, currentCode: string): void {
  const listed = useTradeList().data !== undefined;
  useEffect(() => {
    const panel = anchor.current?.closest<HTMLElement>('.terminal-quotes');
    const rows = panel ? [...panel.querySelectorAll<HTMLElement>('.instrument-row')] : [];
    const row = rows.find((candidate) => candidate.dataset.code === currentCode);
    // A folded list (a small laptop's rail) has no row on screen to bring into view.
    if (!panel || !row || !listed || row.offsetParent === null) return;
    const panelBox = panel.getBoundingClientRect();
    const rowBox = row.getBoundingClientRect();
    if (rowBox.top >= panelBox.top && rowBox.bottom <= panelBox.bottom) return;
    panel.scrollTop += rowBox.top - panelBox.top - (panel.clientHeight - rowBox.height) / 2;
  }, [anchor, currentCode, listed]);
}

function QuotesPanel({ current, onChoose }: { current: Instrument; onChoose(instrument: Instrument): void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchBox = useRef<HTMLDivElement>(null);
  useCurrentRowInView(searchBox, current.Code);
  return (
    <>
      <SearchField
        className="terminal-quotes-search"
        ref={searchBox}
        placeholder={t('market.searchPlaceholder')}
        label={t('common.search')}
        value={search}
        onChange={setSearch}
      />
      <MarketList onOpen={onChoose} search={search} currentId={current.Id} showSparkline={false} />
    </>
  );
}

/** What a visitor sees in the ticket: log in (a demo account is one click there) or sign up. */
function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <div className="terminal-sign-in" data-testid="terminal-sign-in">
      <p>{t('terminal.signInHint')}</p>
      <div className="terminal-sign-in-actions">
        <SignInLinks loginClassName="terminal-button is-primary" registerClassName="terminal-button" />
      </div>
    </div>
  );
}

/**
 * The order ticket: the phone's order form, always on screen beside the chart instead of in a sheet
 * opened by buy or sell. It keeps its figures after an order, as a trader placing the next expects.
 */
function OrderTicket({
  instrument,
  instruments,
}: {
  instrument: Instrument;
  instruments: readonly Instrument[];
}) {
  const basicInfo = useBasicInfo();
  const pricing = useOrderPricing(instrument, instruments);
  const balance = useBalance(true);
  const topUp = useOrderTopUp();
  if (!pricing) return null;
  return (
    <OrderForm
      key={instrument.Id}
      instrument={instrument}
      pricing={pricing}
      initialSide="buy"
      feeType={basicInfo.data?.trade_fee_type}
      balance={balance.data?.balance}
      topUp={topUp}
      onPlaced={() => {}}
    />
  );
}

type TradeTerminalProps = {
  instrument: Instrument;
  instruments: readonly Instrument[];
  onChoose(instrument: Instrument): void;
  /** The instrument's header, period bar and chart, the same as on a phone. */
  chart: ReactNode;
};

/**
 * The trade page on a desktop-wide window, one screen as a trading terminal: the quotes
 * list on the side, the chart in the middle, the order ticket beside it, and the positions, pending
 * orders and history under the chart. The order in the page is the order on screen, so Tab follows
 * the screen; in Arabic the grid mirrors by itself (the quotes list on the right).
 */
export function TradeTerminal({ instrument, instruments, onChoose, chart }: TradeTerminalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useUserStore((state) => state.token !== null);
  const ticketTitleId = useId();
  const quotesId = useId();
  // Below 1280 px the quotes list folds to a rail (trade-terminal.css) so the chart keeps its width;
  // the rail's button opens it over the chart, and choosing an instrument folds it again.
  const [quotesOpen, setQuotesOpen] = useState(false);
  return (
    <div className={`trade-terminal${quotesOpen ? ' is-quotes-open' : ''}`} data-testid="trade-terminal">
      <aside className="terminal-panel terminal-quotes" aria-label={t('market.listLabel')}>
        <button
          type="button"
          className="terminal-quotes-toggle"
          aria-expanded={quotesOpen}
          aria-controls={quotesId}
          onClick={() => setQuotesOpen((open) => !open)}
        >
          {quotesOpen ? <CloseOutline fontSize={20} /> : <UnorderedListOutline fontSize={20} />}
          <span className="terminal-quotes-toggle-text">{t('terminal.quotes')}</span>
        </button>
        <div className="terminal-quotes-body" id={quotesId}>
          <AreaErrorBoundary>
            <QuotesPanel
              current={instrument}
              onChoose={(chosen) => {
                setQuotesOpen(false);
                onChoose(chosen);
              }}
            />
          </AreaErrorBoundary>
        </div>
      </aside>
      <section className="terminal-panel terminal-chart" aria-label={instrument.ShowCode}>
        {chart}
      </section>
      <section className="terminal-panel terminal-ticket" aria-labelledby={ticketTitleId}>
        <h2 className="terminal-panel-title" id={ticketTitleId}>
          {t('terminal.ticket')} <bdi className="terminal-ticket-code">{instrument.ShowCode}</bdi>
          <PriceSourceLabel className="terminal-ticket-source" />
        </h2>
        <AreaErrorBoundary>
          {loggedIn ? <OrderTicket instrument={instrument} instruments={instruments} /> : <SignInPrompt />}
        </AreaErrorBoundary>
      </section>
      <section className="terminal-panel terminal-orders" aria-label={t('nav.order')}>
        <AreaErrorBoundary>
          {loggedIn ? (
            <OrderCenter onOpenHistory={() => navigate('/mine/history')} />
          ) : (
            <p className="terminal-sign-in">{t('terminal.signInOrders')}</p>
          )}
        </AreaErrorBoundary>
      </section>
    </div>
  );
}
