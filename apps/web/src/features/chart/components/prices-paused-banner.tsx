import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { PricesPaused } from '../../../lib/market-state';
import './kline-chart.css';

/**
 * Over the chart while the instrument's real feed gives no usable price: prices are
 * paused, and why. It floats over the top of the chart, so the chart keeps its size and nothing
 * moves when it comes and goes (the live-state rule; a closed market's notice is there from the start).
 */
export function PricesPausedBanner({ reason }: { reason: PricesPaused }) {
  const { t } = useTranslation();
  return (
    <div className="market-closed-banner prices-paused-banner" role="status" data-testid="prices-paused">
      <ExclamationCircleOutline className="market-closed-icon" aria-hidden="true" />
      <div>
        <div className="market-closed-title">{t('market.pricesPaused')}</div>
        <div className="market-closed-detail">
          {t(reason === 'stale' ? 'trade.pausedStale' : 'trade.pausedUnquoted')}
        </div>
      </div>
    </div>
  );
}
