import type { Order } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../lib/bidi';
import { CLOSE_REASON_KEYS } from '../lib/close-reason-keys';
import { signOfDecimalText } from '../lib/decimal-text';
import { formatPriceText } from '../lib/price-format';
import './order-row.css';
import { formatLots } from '../lib/number-format';

/** A price of an order at its instrument's precision; an unset one ("0": no stop, no close yet) shows a dash. */
export function orderPriceText(price: string, precision: number): string {
  return signOfDecimalText(price) > 0 ? formatPriceText(price, precision) : '--';
}

/** One labelled figure of an order row; the value stays left to right in every language. */
export function OrderFigure({ label, value, field }: { label: string; value: string; field: string }) {
  return (
    <span className="order-figure" data-field={field}>
      <span className="order-figure-label">{label}</span>
      <bdi className="order-figure-value" dir="ltr">
        {value}
      </bdi>
    </span>
  );
}

type OrderRowHeadProps = {
  order: Pick<Order, 'OrderType' | 'ForexTradeLists' | 'Quantity' | 'Multiple'>;
  /** What closes the line: the profit, or the state of an order that has none. */
  end: ReactNode;
};

/** The first line of an order row: direction, instrument, lots and leverage (when it has one). */
export function OrderRowHead({ order, end }: OrderRowHeadProps) {
  const { t } = useTranslation();
  const side = order.OrderType === ORDER_TYPE.buy ? 'buy' : 'sell';
  return (
    <span className="order-row-head">
      <span className={`side-tag side-${side}`}>
        {t(side === 'buy' ? 'orders.side.buy' : 'orders.side.sell')}
      </span>
      <span className="order-row-names">
        <bdi className="order-row-code">{order.ForexTradeLists.ShowCode}</bdi>
        <span className="order-row-size">
          {t('orders.lotsValue', { lots: ltr(formatLots(order.Quantity)) })}
          {order.Multiple > 0 && (
            <>
              {' · '}
              <bdi dir="ltr">{order.Multiple}x</bdi>
            </>
          )}
        </span>
      </span>
      {end}
    </span>
  );
}

type OrderRowTimeProps = {
  /** When the order was placed or opened, already formatted. */
  time: string;
  /** A closed order's tag says why it closed; an order still open has none. */
  order: Pick<Order, 'State' | 'CloseReason'>;
};

/** The time of an order row, and for a closed order the tag saying why it closed. */
export function OrderRowTime({ time, order }: OrderRowTimeProps) {
  const { t } = useTranslation();
  const reason = order.State === 'closed' && order.CloseReason ? order.CloseReason : null;
  return (
    <span className="order-row-time">
      {time}
      {reason && <span className={`reason-tag reason-${reason}`}>{t(CLOSE_REASON_KEYS[reason])}</span>}
    </span>
  );
}
