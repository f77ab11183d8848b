import type { Candle, PeriodLabel } from '@meridian/contract/market';
import { useTranslation } from 'react-i18next';
import { formatPriceText, formatVolume } from '../../../lib/price-format';
import { isDownCandle } from '../utils/chart-data';
import { candleTimeText } from '../utils/chart-time';
import { LiveStatus } from './live-status';
import './kline-chart.css';

type ChartLegendProps = {
  candle: Candle | undefined;
  pricePrecision: number;
  period: PeriodLabel;
  locale: string;
  /** A closed market sends nothing: no "live" badge then, the closed notice says why. */
  marketOpen: boolean;
};

/** Open, high, low, close and volume of the candle under the crosshair, or of the latest one. */
export function ChartLegend({ candle, pricePrecision, period, locale, marketOpen }: ChartLegendProps) {
  const { t } = useTranslation();
  const tone = candle && isDownCandle(candle) ? 'down' : 'up';
  const price = (value: string) => formatPriceText(value, pricePrecision);
  const items = candle
    ? [
        { key: 'open', label: t('trade.legend.open'), value: price(candle.Open) },
        { key: 'high', label: t('trade.legend.high'), value: price(candle.High) },
        { key: 'low', label: t('trade.legend.low'), value: price(candle.Low) },
        { key: 'close', label: t('trade.legend.close'), value: price(candle.Close) },
        { key: 'volume', label: t('trade.legend.volume'), value: formatVolume(candle.Volume) },
      ]
    : [];
  return (
    <div className="chart-legend" data-testid="chart-legend">
      <div className="chart-legend-top">
        <span className="chart-legend-time">
          {candle ? <bdi>{candleTimeText(locale, period, candle.Time)}</bdi> : '\u00a0'}
        </span>
        {marketOpen && <LiveStatus />}
      </div>
      <dl className={`chart-legend-values tone-${tone}`}>
        {items.map((item) => (
          <div key={item.key} className="chart-legend-item" data-field={item.key}>
            <dt>{item.label}</dt>
            <dd dir="ltr">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
