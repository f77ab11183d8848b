import type { Instrument } from '@meridian/contract/market';
import { memo } from 'react';
import { useLiveQuote } from '../hooks/use-live-quote';
import { ChangeBadge } from './change-badge';
import { ClosedTag } from './closed-tag';
import { InstrumentLogo } from './instrument-logo';
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
  onOpen(instrument: Instrument): void;
};

/** One market row: logo, name, sparkline, live price and the day change. Re-renders on its own ticks only. */
export const InstrumentRow = memo(function InstrumentRow({
  instrument,
  categoryName,
  sparkline,
  showSparkline = true,
  selected = false,
  onOpen,
}: InstrumentRowProps) {
  const quote = useLiveQuote(instrument);
  const closed = quote.marketStatus !== 1;
  return (
    <button
      type="button"
      className={`instrument-row${selected ? ' is-selected' : ''}${closed ? ' is-closed' : ''}`}
      aria-current={selected ? 'true' : undefined}
      data-code={instrument.Code}
      onClick={() => onOpen(instrument)}
    >
      <InstrumentLogo instrument={instrument} />
      <span className="instrument-names">
        <bdi className="instrument-name">{instrument.ShowCode}</bdi>
        <span className="instrument-sub">
          {categoryName && <span className="instrument-category">{categoryName}</span>}
          {closed && <ClosedTag />}
        </span>
      </span>
      {showSparkline && <Sparkline points={sparkline} />}
      <span className="instrument-quote">
        <PriceText
          price={quote.quotation.Close}
          precision={instrument.PricePrecision}
          move={quote.move}
          moveCount={quote.moveCount}
        />
        <ChangeBadge change={quote.quotation.Change} />
      </span>
    </button>
  );
});
