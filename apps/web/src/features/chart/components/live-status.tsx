import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../../../lib/realtime/use-realtime-status';
import './kline-chart.css';

/** Says whether the chart is moving live, so a customer never mistakes a stalled feed for a calm market. */
export function LiveStatus() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const live = status === 'open';
  return (
    <span className={`live-status${live ? ' is-live' : ''}`} role="status">
      <span className="live-dot" aria-hidden="true" />
      {live ? t('trade.live') : t('trade.reconnecting')}
    </span>
  );
}
