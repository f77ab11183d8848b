import type { Order } from '@meridian/contract/trading';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/signed-amount';
import type { DateFormat } from '../../../hooks/use-date-format';
import { ltr } from '../../../lib/bidi';
import { formatOrderAmount, MONEY_PLACES } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import { useOrderMark } from '../hooks/use-order-mark';
import { isSetPrice, REASON_KEYS, SIDE_KEYS, STATE_KEYS, sideOf } from '../utils/order-labels';

export type OrderRowActions = {
  onOpen(order: Order): void;
  onClose(order: Order): void;
  onCancel(order: Order): void;
  onStops(order: Order): void;
};

type OrderRowProps = { order: Order; dates: DateFormat; actions: OrderRowActions };

/** A price of the order at its instrument's precision; unset stops show a dash. */
function priceOrDash(price: string, precision: number): string {
  return isSetPrice(price) ? formatPriceText(price, precision) : '--';
}

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
 * One order of a tab: direction, instrument, lots and leverage, its profit (live for a position),
 * the prices, margin, fee, stops, and the actions its state allows (spec sections 3 and 4).
 */
export function OrderRow({ order, dates, actions }: OrderRowProps) {
  const { t } = useTranslation();
  const live = useOrderMark(order);
  const side = sideOf(order);
  const precision = order.PricePrecision;
  const state = order.State;
  const ended = state === 'closed' || state === 'cancelled';
  const price = (value: string) => priceOrDash(value, precision);
  const placedAt = dates.dateTime(new Date(order.CreateTime).toISOString());

  return (
    <article className={`order-row state-${state}`} data-order-id={order.Id} data-state={state}>
      <button type="button" className="order-row-main" onClick={() => actions.onOpen(order)}>
        <span className="order-row-head">
          <span className={`side-tag side-${side}`}>{t(SIDE_KEYS[side])}</span>
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
          {state === 'holding' || state === 'closed' ? (
            <SignedAmount
              amount={live.profit}
              places={MONEY_PLACES.profit}
              className="order-row-profit"
              testId="order-profit"
            />
          ) : (
            <span className={`state-tag state-${state}`}>{t(STATE_KEYS[state])}</span>
          )}
        </span>
        <span className="order-row-figures">
          {state === 'pending' ? (
            <Figure field="target" label={t('orders.targetPrice')} value={price(order.Price)} />
          ) : (
            <Figure field="open" label={t('orders.openPrice')} value={price(order.Price)} />
          )}
          {ended ? (
            <Figure field="close" label={t('orders.closePrice')} value={price(order.ClosePrice)} />
          ) : (
            <Figure field="current" label={t('orders.currentPrice')} value={price(live.price)} />
          )}
          <Figure field="margin" label={t('orders.margin')} value={formatOrderAmount(order.CautionMoney)} />
          <Figure field="fee" label={t('orders.fee')} value={formatOrderAmount(order.TradeFee)} />
          <Figure field="stop-loss" label={t('orders.stopLoss')} value={price(order.TargetLossPrice)} />
          <Figure field="take-profit" label={t('orders.takeProfit')} value={price(order.TargetProfitPrice)} />
        </span>
      </button>
      <div className="order-row-foot">
        <span className="order-row-time">
          {placedAt}
          {order.CloseReason && state === 'closed' && (
            <span className={`reason-tag reason-${order.CloseReason}`}>
              {t(REASON_KEYS[order.CloseReason])}
            </span>
          )}
        </span>
        {!ended && (
          <span className="order-row-actions">
            <Button
              size="mini"
              color="primary"
              fill="outline"
              onClick={() => actions.onStops(order)}
              data-action="stops"
            >
              {t('orders.setStops')}
            </Button>
            {state === 'holding' ? (
              <Button size="mini" color="primary" onClick={() => actions.onClose(order)} data-action="close">
                {t('orders.close')}
              </Button>
            ) : (
              <Button
                size="mini"
                color="danger"
                fill="outline"
                onClick={() => actions.onCancel(order)}
                data-action="cancel"
              >
                {t('orders.cancel')}
              </Button>
            )}
          </span>
        )}
      </div>
    </article>
  );
}
