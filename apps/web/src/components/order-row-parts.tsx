import type { Order } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../lib/bidi';
import { CLOSE_REASON_KEYS } from '../lib/close-reason-keys';
import { signOfDecimalText } from '../lib/decimal-text';
import { formatOrderAmount } from '../lib/money-format';
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
      {reason && (
        <span className={`pill-tag reason-tag reason-${reason}`}>{t(CLOSE_REASON_KEYS[reason])}</span>
      )}
    </span>
  );
}

type OrderFiguresProps = {
  order: Pick<Order, 'Price' | 'ClosePrice' | 'CautionMoney' | 'TradeFee' | 'PricePrecision'>;
  /** The price now, for an order still open. */
  livePrice: string;
  /** A pending order's price is its target; an opened one's is its open price. */
  pending: boolean;
  /** An ended order shows its close price instead of the price now. */
  ended: boolean;
  /** Figures after the fee (the stops, on the order pages). */
  children?: ReactNode;
};

/** An order row's figures: its price, the price now or at close, the margin and the fee. */
export function OrderFigures({ order, livePrice, pending, ended, children }: OrderFiguresProps) {
  const { t } = useTranslation();
  const price = (value: string) => orderPriceText(value, order.PricePrecision);
  return (
    <span className="order-row-figures">
      {pending ? (
        <OrderFigure field="target" label={t('orders.targetPrice')} value={price(order.Price)} />
      ) : (
        <OrderFigure field="open" label={t('orders.openPrice')} value={price(order.Price)} />
      )}
      {ended ? (
        <OrderFigure field="close" label={t('orders.closePrice')} value={price(order.ClosePrice)} />
      ) : (
        <OrderFigure field="current" label={t('orders.currentPrice')} value={price(livePrice)} />
      )}
      <OrderFigure field="margin" label={t('orders.margin')} value={formatOrderAmount(order.CautionMoney)} />
      <OrderFigure field="fee" label={t('orders.fee')} value={formatOrderAmount(order.TradeFee)} />
      {children}
    </span>
  );
}
