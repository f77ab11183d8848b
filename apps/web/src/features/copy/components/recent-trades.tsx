import type { TraderTrade } from '@meridian/contract/copy';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/signed-amount';
import { useDateFormat } from '../../../hooks/use-date-format';
import { ltr } from '../../../lib/bidi';
import { MONEY_PLACES } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import '../../../components/signed-amount.css';
import './trader-profile.css';
import { formatLots } from '../../../lib/number-format';

/**
 * The trader's latest closed orders: direction, instrument, lots and leverage, open and close
 * price, when it closed, and the net profit (realised minus fee) at the 6 places of a profit.
 */
export function RecentTrades({ trades }: { trades: readonly TraderTrade[] }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <section className="copy-card recent-trades" aria-labelledby="recent-trades-title">
      <h3 className="copy-card-title" id="recent-trades-title">
        {t('copy.profile.recent')}
      </h3>
      {trades.length === 0 ? (
        <p className="copy-card-empty">{t('copy.profile.recentEmpty')}</p>
      ) : (
        <ul className="recent-trade-rows">
          {trades.map((trade) => {
            const side = trade.OrderType === ORDER_TYPE.buy ? 'buy' : 'sell';
            return (
              <li key={trade.id} className="recent-trade" data-trade-id={trade.id}>
                <span className="recent-trade-head">
                  <span className={`side-tag side-${side}`}>
                    {t(side === 'buy' ? 'orders.side.buy' : 'orders.side.sell')}
                  </span>
                  <bdi className="recent-trade-code">{trade.ShowCode}</bdi>
                  <span className="recent-trade-size">
                    {t('orders.lotsValue', { lots: ltr(formatLots(trade.Quantity)) })}
                    {trade.Multiple > 0 && (
                      <>
                        {' · '}
                        <bdi dir="ltr">{trade.Multiple}x</bdi>
                      </>
                    )}
                  </span>
                  <SignedAmount
                    amount={trade.NetProfit}
                    places={MONEY_PLACES.profit}
                    className="recent-trade-profit"
                  />
                </span>
                <span className="recent-trade-foot">
                  <bdi dir="ltr" className="recent-trade-prices">
                    {formatPriceText(trade.OpenPrice)} → {formatPriceText(trade.ClosePrice)}
                  </bdi>
                  <span>{dates.dateTime(new Date(trade.CloseTime).toISOString())}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
