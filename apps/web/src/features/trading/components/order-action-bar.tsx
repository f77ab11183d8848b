import type { Side } from '@meridian/domain/side';
import { useTranslation } from 'react-i18next';
import { formatPriceText } from '../../../lib/price-format';
import './order-action-bar.css';

type OrderActionBarProps = {
  bid: string | null;
  ask: string | null;
  precision: number;
  marketOpen: boolean;
  /** Prices are paused (useTradingPaused): no order until they are live again. */
  paused: boolean;
  /** A leveraged instrument without leverage options: no order can be placed (spec section 5). */
  noLeverage: boolean;
  onPick(side: Side): void;
};

/**
 * Sell at the bid, buy at the ask: the trade page's two order buttons under the chart, with the
 * live prices. Disabled while the market is closed (spec section 4) or prices are paused, saying why.
 */
export function OrderActionBar({
  bid,
  ask,
  precision,
  marketOpen,
  paused,
  noLeverage,
  onPick,
}: OrderActionBarProps) {
  const { t } = useTranslation();
  const note = !marketOpen
    ? t('orderForm.marketClosed')
    : paused
      ? t('live.tradingPaused')
      : noLeverage
        ? t('orderRules.leverage_not_configured')
        : null;
  return (
    <div className="order-action-bar" data-testid="order-action-bar">
      {note && (
        <p
          className={paused && marketOpen ? 'order-action-note is-floating' : 'order-action-note'}
          role="status"
          data-testid={paused && marketOpen ? 'trading-paused' : undefined}
        >
          {note}
        </p>
      )}
      <div className="order-action-buttons">
        <button
          type="button"
          className="order-action side-sell"
          data-side="sell"
          disabled={!marketOpen || paused}
          onClick={() => onPick('sell')}
        >
          <span className="order-action-label">{t('orderForm.sell')}</span>
          <span className="order-action-price" dir="ltr">
            {bid ? formatPriceText(bid, precision) : '--'}
          </span>
        </button>
        <button
          type="button"
          className="order-action side-buy"
          data-side="buy"
          disabled={!marketOpen || paused}
          onClick={() => onPick('buy')}
        >
          <span className="order-action-label">{t('orderForm.buy')}</span>
          <span className="order-action-price" dir="ltr">
            {ask ? formatPriceText(ask, precision) : '--'}
          </span>
        </button>
      </div>
    </div>
  );
}
