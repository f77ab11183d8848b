import type { MarketStatusReason } from '@meridian/contract/market';
import { useTranslation } from 'react-i18next';
import { pricesPausedOf } from '../../../lib/market-state';
import './market.css';

/**
 * Marks an instrument that cannot be traded now: "Closed" outside its trading hours, "Prices paused"
 * when its real feed gives no usable price. Nothing while open.
 */
export function MarketStatusTag({ reason }: { reason: MarketStatusReason }) {
  const { t } = useTranslation();
  if (reason === null) return null;
  const paused = pricesPausedOf(reason);
  return (
    <span className={paused ? 'closed-tag is-paused' : 'closed-tag'} data-testid="market-status-tag">
      {t(paused ? 'market.pricesPaused' : 'market.closed')}
    </span>
  );
}
