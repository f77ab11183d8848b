import type { Order } from '@meridian/contract/trading';
import { useTranslation } from 'react-i18next';
import {
  OrderFigure,
  OrderFigures,
  OrderRowHead,
  OrderRowTime,
  orderPriceText,
} from '../../../components/order-row-parts';
import type { DateFormat } from '../../../hooks/use-date-format';
import { useOrderMark } from '../hooks/use-order-mark';
import { OrderProfitOrState } from './order-profit-or-state';
import { OrderRowButtons } from './order-row-buttons';
import '../../../components/signed-amount.css';
import '../../../components/order-row.css';

export type OrderRowActions = {
  onOpen(order: Order): void;
  onClose(order: Order): void;
  onCancel(order: Order): void;
  onStops(order: Order): void;
};

type OrderRowProps = { order: Order; dates: DateFormat; actions: OrderRowActions };

/**
 * One order of a tab: direction, instrument, lots and leverage, its profit (live for a position),
 * the prices, margin, fee, stops, and the actions its state allows (spec sections 3 and 4).
 */
export function OrderRow({ order, dates, actions }: OrderRowProps) {
  const { t } = useTranslation();
  const live = useOrderMark(order);
  const state = order.State;
  const ended = state === 'closed' || state === 'cancelled';
  const price = (value: string) => orderPriceText(value, order.PricePrecision);
  const placedAt = dates.dateTime(new Date(order.CreateTime).toISOString());

  return (
    <article className={`order-row state-${state}`} data-order-id={order.Id} data-state={state}>
      <button type="button" className="plain-button order-row-main" onClick={() => actions.onOpen(order)}>
        <OrderRowHead order={order} end={<OrderProfitOrState state={state} profit={live.profit} />} />
        <OrderFigures order={order} livePrice={live.price} pending={state === 'pending'} ended={ended}>
          <OrderFigure field="stop-loss" label={t('orders.stopLoss')} value={price(order.TargetLossPrice)} />
          <OrderFigure
            field="take-profit"
            label={t('orders.takeProfit')}
            value={price(order.TargetProfitPrice)}
          />
        </OrderFigures>
      </button>
      <div className="order-row-foot">
        <OrderRowTime time={placedAt} order={order} />
        {!ended && <OrderRowButtons order={order} actions={actions} />}
      </div>
    </article>
  );
}
