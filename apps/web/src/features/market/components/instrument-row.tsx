import type { Instrument, Quotation } from '@meridian/contract/market';
import { MARKET_STATUS } from '@meridian/contract/trading-codes';
import { memo } from 'react';
import { formatPriceText, spreadText } from '../../../lib/price-format';
import { useLiveQuote } from '../hooks/use-live-quote';
import { ChangeBadge } from './change-badge';
import { InstrumentLogo } from './instrument-logo';
import { MarketStatusTag } from './market-status-tag';
import { PriceText } from './price-text';
import { Sparkline } from './sparkline';
import './market.css';

type InstrumentRowProps = {
  instrument: Instrument;
  /** The category's name, under the instrument's. */
  categoryName: string | undefined;
  /** Hourly closes of the day; undefined leaves the sparkline out (the selector's compact rows). */
  sparkline?: readonly string[] | undefined;
  showSparkline?: boolean;
  selected?: boolean;
  /** The desktop home's quotes table: bid, ask, spread, change, high and low in columns. */
  columns?: boolean;
  onOpen(instrument: Instrument): void;
};

/** One market row: logo, name, sparkline, live price and the day change. Re-renders on its own ticks only. */
export const InstrumentRow = memo(function InstrumentRow({
  instrument,
  categoryName,
  sparkline,
  showSparkline = true,
  selected = false,
  columns = false,
  onOpen,
}: InstrumentRowProps) {
  const quote = useLiveQuote(instrument);
  const closed = quote.marketStatus !== MARKET_STATUS.open;
  return (
    <button
      type="button"
      className={`plain-button instrument-row${selected ? ' is-selected' : ''}${closed ? ' is-closed' : ''}`}
      aria-current={selected ? 'true' : undefined}
      data-code={instrument.Code}
      onClick={() => onOpen(instrument)}
    >
      <InstrumentLogo instrument={instrument} />
      <span className="instrument-names">
        <bdi className="instrument-name">{instrument.ShowCode}</bdi>
        <span className="instrument-sub">
          {categoryName && <span className="instrument-category">{categoryName}</span>}
          <MarketStatusTag reason={quote.statusReason} />
        </span>
      </span>
      {columns && <QuoteColumns instrument={instrument} quotation={quote.quotation} />}
      {showSparkline && !columns && <Sparkline points={sparkline} />}
      {!columns && (
        <span className="instrument-quote">
          <PriceText
            price={quote.quotation.Close}
            precision={instrument.PricePrecision}
            move={quote.move}
            moveCount={quote.moveCount}
          />
          <ChangeBadge change={quote.quotation.Change} />
        </span>
      )}
    </button>
  );
});

/** The table's figures of one instrument, each in its column (market.css, `.market-list.is-table`). */
function QuoteColumns({ instrument, quotation }: { instrument: Instrument; quotation: Quotation }) {
  const precision = instrument.PricePrecision;
  const figure = (column: string, text: string) => (
    // The figure reads left to right; the cell aligns it to the end as its title is (left in Arabic).
    <span className="instrument-cell" data-column={column}>
      <bdi dir="ltr">{text === '' ? '–' : formatPriceText(text, precision)}</bdi>
    </span>
  );
  return (
    <>
      {figure('bid', quotation.Bid)}
      {figure('ask', quotation.Ask)}
      {figure('spread', spreadText(quotation.Bid, quotation.Ask, precision))}
      <span className="instrument-cell" data-column="change">
        <ChangeBadge change={quotation.Change} variant="text" />
      </span>
      {figure('high', quotation.High)}
      {figure('low', quotation.Low)}
    </>
  );
}
