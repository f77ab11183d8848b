import type { Instrument } from '@meridian/contract/market';
import { DownFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatPriceText } from '../../../lib/price-format';
import { useLiveQuote } from '../hooks/use-live-quote';
import { ChangeBadge } from './change-badge';
import { InstrumentLogo } from './instrument-logo';
import { MarketStatusTag } from './market-status-tag';
import { PriceText } from './price-text';
import './market.css';
import './instrument-header.css';

type InstrumentHeaderProps = {
  instrument: Instrument;
  categoryName: string | undefined;
  onOpenSelector(): void;
};

/** The trade page's instrument: name (tap to choose another), live price, day change, high and low. */
export function InstrumentHeader({ instrument, categoryName, onOpenSelector }: InstrumentHeaderProps) {
  const { t } = useTranslation();
  const quote = useLiveQuote(instrument);
  const { quotation } = quote;
  const precision = instrument.PricePrecision;
  return (
    <div className="instrument-header">
      <button
        type="button"
        className="plain-button instrument-header-pick"
        onClick={onOpenSelector}
        aria-haspopup="dialog"
      >
        <InstrumentLogo instrument={instrument} sizePx={38} />
        <span className="instrument-names">
          <span className="instrument-header-name">
            <bdi>{instrument.ShowCode}</bdi>
            <DownFill className="instrument-header-caret" aria-hidden="true" />
          </span>
          <span className="instrument-sub">
            {categoryName && <span className="instrument-category">{categoryName}</span>}
            <MarketStatusTag reason={quote.statusReason} />
          </span>
        </span>
        {/* The name starts with the text shown (WCAG 2.5.3), then says what the button does. */}
        <span className="visually-hidden">{t('market.chooseInstrument')}</span>
      </button>
      <div className="instrument-header-quote">
        <PriceText
          className="instrument-header-price"
          price={quotation.Close}
          precision={precision}
          move={quote.move}
          moveCount={quote.moveCount}
        />
        <span className="instrument-header-stats">
          <ChangeBadge change={quotation.Change} variant="text" />
          <span className="instrument-header-range">
            {t('market.dayHigh')} <bdi dir="ltr">{formatPriceText(quotation.High, precision)}</bdi>
          </span>
          <span className="instrument-header-range">
            {t('market.dayLow')} <bdi dir="ltr">{formatPriceText(quotation.Low, precision)}</bdi>
          </span>
        </span>
      </div>
    </div>
  );
}
