import type { Side } from '@meridian/domain/side';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricesPaused } from '../../../lib/market-state';
import { formatPriceText } from '../../../lib/price-format';
import './order-action-bar.css';

type OrderActionBarProps = {
  bid: string | null;
  ask: string | null;
  precision: number;
  marketOpen: boolean;
  /** Not open because the instrument's real feed gives no usable price, not the hours. */
  pricesPaused?: PricesPaused | null;
  /** Prices are paused (useTradingPaused): no order until they are live again. */
  paused: boolean;
  /** A leveraged instrument without leverage options: no order can be placed (spec section 5). */
  noLeverage: boolean;
  onPick(side: Side): void;
};

/**
 * Sell at the bid, buy at the ask: the trade page's two order buttons under the chart, with the
 * live prices. Disabled while the market is closed (spec section 4) or prices are paused (the socket
 * lost, or the instrument's feed without a usable price), saying why.
 */
export function OrderActionBar({
  bid,
  ask,
  precision,
  marketOpen,
  pricesPaused = null,
  paused,
  noLeverage,
  onPick,
}: OrderActionBarProps) {
  const { t } = useTranslation();
  const noteId = useId();
  const feedPaused = !marketOpen && pricesPaused !== null;
  const note = feedPaused
    ? t(pricesPaused === 'stale' ? 'orderForm.pausedStale' : 'orderForm.pausedUnquoted')
    : !marketOpen
      ? t('orderForm.marketClosed')
      : paused
        ? t('live.tradingPaused')
        : noLeverage
          ? t('orderRules.leverage_not_configured')
          : null;
  // Paused prices come and go while the page is shown: their notes float (nothing moves).
  const floating = feedPaused || (paused && marketOpen);
  return (
    <div className="order-action-bar" data-testid="order-action-bar">
      {note && (
        <p
          id={noteId}
          className={floating ? 'order-action-note is-floating' : 'order-action-note'}
          role="status"
          data-testid={
            feedPaused ? 'prices-paused-note' : paused && marketOpen ? 'trading-paused' : undefined
          }
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
          aria-describedby={note ? noteId : undefined}
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
          aria-describedby={note ? noteId : undefined}
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
