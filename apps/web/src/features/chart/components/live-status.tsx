import { useTranslation } from 'react-i18next';
import { useLiveState } from '../../../lib/realtime/use-live-state';
import './kline-chart.css';

/**
 * Says whether the chart is moving live, so a customer never mistakes a stalled feed for a calm
 * market. It follows the same live state (and grace) as the page's notice, so the two agree.
 */
export function LiveStatus() {
  const { t } = useTranslation();
  const live = useLiveState() === 'live';
  return (
    <span className={`live-status${live ? ' is-live' : ''}`}>
      <span className="live-dot" aria-hidden="true" />
      {live ? t('trade.live') : t('trade.reconnecting')}
    </span>
  );
}
