import type { CopyOrder } from '@meridian/contract/copy';
import type { Order } from '@meridian/contract/trading';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/signed-amount';
import type { DateFormat } from '../../../hooks/use-date-format';
import { isolated, ltr } from '../../../lib/bidi';
import { signOfDecimalText } from '../../../lib/decimal-text';
import { formatOrderAmount, MONEY_PLACES } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import { COPY_CLOSE_REASON_KEYS } from '../utils/follow-labels';

/** An open order's profit and the price it would close at now. */
export type LiveFigures = { profit: string; price: string };

/**
 * Where a holding copy's live figures come from. The app gives the trading feature's live marks
 * (forex.trade pushes); without them, the figures the list last read.
 */
export type LiveFiguresHook = (order: Order) => LiveFigures;

export const useListedFigures: LiveFiguresHook = (order) => ({
  profit: order.FactProfits,
  price: order.UpdatePrice,
});

type CopyOrderRowProps = { order: CopyOrder; dates: DateFormat; useLiveFigures: LiveFiguresHook };

function Figure({ label, value, field }: { label: string; value: string; field: string }) {
  return (
    <span className="order-figure" data-field={field}>
      <span className="order-figure-label">{label}</span>
      <bdi className="order-figure-value" dir="ltr">
        {value}
      </bdi>
    </span>
  );
}

/**
 * One copied order: its direction and instrument, the trader it copies, lots and leverage, its
 * profit (live while open), open and current (or close) price, margin and fee (the follow's result
 * is after fees, so the fee is shown where the customer compares), when it opened, why it closed.
 */
export function CopyOrderRow({ order, dates, useLiveFigures }: CopyOrderRowProps) {
  const { t } = useTranslation();
  const live = useLiveFigures(order);
  const holding = order.State === 'holding';
  const side = order.OrderType === 1 ? 'buy' : 'sell';
  const price = (value: string) =>
    signOfDecimalText(value) > 0 ? formatPriceText(value, order.PricePrecision) : '--';
  return (
    <article
      className={`order-row copy-order-row state-${order.State}`}
      data-order-id={order.Id}
      data-state={order.State}
    >
      <div className="order-row-main">
        <span className="order-row-head">
          <span className={`side-tag side-${side}`}>
            {t(side === 'buy' ? 'orders.side.buy' : 'orders.side.sell')}
          </span>
          <span className="order-row-names">
            <bdi className="order-row-code">{order.ForexTradeLists.ShowCode}</bdi>
            <span className="order-row-size">
              {t('orders.lotsValue', { lots: ltr(order.Quantity) })}
              {order.Multiple > 0 && (
                <>
                  {' · '}
                  <bdi dir="ltr">{order.Multiple}x</bdi>
                </>
              )}
            </span>
          </span>
          <SignedAmount
            amount={holding ? live.profit : order.FactProfits}
            places={MONEY_PLACES.profit}
            className="order-row-profit"
            testId="copy-order-profit"
          />
        </span>
        <span className="copy-order-trader">
          {t('copy.orders.from', { name: isolated(order.TraderName) })}
        </span>
        <span className="order-row-figures">
          <Figure field="open" label={t('orders.openPrice')} value={price(order.Price)} />
          {holding ? (
            <Figure field="current" label={t('orders.currentPrice')} value={price(live.price)} />
          ) : (
            <Figure field="close" label={t('orders.closePrice')} value={price(order.ClosePrice)} />
          )}
          <Figure field="margin" label={t('orders.margin')} value={formatOrderAmount(order.CautionMoney)} />
          <Figure field="fee" label={t('orders.fee')} value={formatOrderAmount(order.TradeFee)} />
        </span>
      </div>
      <div className="order-row-foot">
        <span className="order-row-time">
          {dates.dateTime(new Date(order.OpenTime || order.CreateTime).toISOString())}
          {order.CloseReason && order.State === 'closed' && (
            <span className={`reason-tag reason-${order.CloseReason}`}>
              {t(COPY_CLOSE_REASON_KEYS[order.CloseReason])}
            </span>
          )}
        </span>
      </div>
    </article>
  );
}
