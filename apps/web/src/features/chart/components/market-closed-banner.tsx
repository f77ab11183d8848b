import { ClockCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextMarketOpenMs } from '../utils/next-open';
import './kline-chart.css';

const CLOCK: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** A clear notice over the chart: the market is closed, and when it opens (in UTC and local time). */
export function MarketClosedBanner({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const [nowMs] = useState(() => Date.now());
  const opensMs = nextMarketOpenMs(nowMs);
  let detail = t('trade.marketClosedHint');
  if (opensMs !== null) {
    const opens = new Date(opensMs);
    const utc = new Intl.DateTimeFormat(locale, { ...CLOCK, timeZone: 'UTC' }).format(opens);
    const local = new Intl.DateTimeFormat(locale, CLOCK).format(opens);
    detail =
      local === utc ? t('trade.opensAt', { time: utc }) : t('trade.opensAtLocal', { time: utc, local });
  }
  return (
    <div className="market-closed-banner" role="status">
      <ClockCircleOutline className="market-closed-icon" aria-hidden="true" />
      <div>
        <div className="market-closed-title">{t('trade.marketClosed')}</div>
        <div className="market-closed-detail">{detail}</div>
      </div>
    </div>
  );
}
