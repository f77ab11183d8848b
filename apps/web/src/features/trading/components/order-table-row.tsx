import type { Order } from '@meridian/contract/trading';
import { ORDER_TYPE } from '@meridian/contract/trading-codes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderRowTime, orderPriceText } from '../../../components/order-row-parts';
import type { DateFormat } from '../../../hooks/use-date-format';
import { formatLots } from '../../../lib/number-format';
import type { OrderTab } from '../api/trading-keys';
import { useOrderMark } from '../hooks/use-order-mark';
import { OrderProfitOrState } from './order-profit-or-state';
import type { OrderRowActions } from './order-row';
import { OrderRowButtons } from './order-row-buttons';
import '../../../components/signed-amount.css';
import './order-table.css';

type Column = 'instrument' | 'side' | 'lots' | 'open' | 'current' | 'stops' | 'profit' | 'actions';

/** The label of each column, for the tab shown: a pending order has a target, an ended one a close. */
function useColumnLabels(tab: OrderTab): Record<Column, string> {
  const { t } = useTranslation();
  return {
    instrument: t('orders.instrument'),
    side: t('orders.direction'),
    lots: t('orders.lots'),
    open: t(tab === 'pending' ? 'orders.targetPrice' : 'orders.openPrice'),
    current: t(tab === 'history' ? 'orders.closePrice' : 'orders.currentPrice'),
    stops: t('orders.table.stops'),
    profit: t('orders.table.profit'),
    actions: t('orders.table.actions'),
  };
}

/** The column heads over the desktop's order rows (read by sight; each cell names itself to a screen reader). */
export function OrderTableHead({ tab }: { tab: OrderTab }) {
  const labels = useColumnLabels(tab);
  return (
    <div className="order-table-head" aria-hidden="true">
      {(Object.keys(labels) as Column[]).map((column) => (
        <span key={column} className="order-table-cell" data-column={column}>
          {labels[column]}
        </span>
      ))}
    </div>
  );
}

function Cell({ column, label, children }: { column: Column; label: string; children: ReactNode }) {
  return (
    <span className="order-table-cell" data-column={column}>
      <span className="visually-hidden">{label} </span>
      {children}
    </span>
  );
}

type OrderTableRowProps = { order: Order; tab: OrderTab; dates: DateFormat; actions: OrderRowActions };

/**
 * One order as a line of the desktop's order table: instrument, side, lots, open and
 * current (or close) price, stop-loss / take-profit, profit and actions in columns, where the phone
 * shows a card. The whole line opens the order's details, as the card does; margin and fee are there.
 */
export function OrderTableRow({ order, tab, dates, actions }: OrderTableRowProps) {
  const { t } = useTranslation();
  const labels = useColumnLabels(tab);
  const live = useOrderMark(order);
  const state = order.State;
  const ended = state === 'closed' || state === 'cancelled';
  const side = order.OrderType === ORDER_TYPE.buy ? 'buy' : 'sell';
  const price = (value: string) => orderPriceText(value, order.PricePrecision);
  return (
    <article
      className={`order-row order-table-row state-${state}`}
      data-order-id={order.Id}
      data-state={state}
    >
      <Cell column="instrument" label={labels.instrument}>
        <button type="button" className="plain-button order-row-main" onClick={() => actions.onOpen(order)}>
          <bdi className="order-row-code">{order.ForexTradeLists.ShowCode}</bdi>
        </button>
      </Cell>
      <Cell column="side" label={labels.side}>
        <span className={`side-tag side-${side}`}>
          {t(side === 'buy' ? 'orders.side.buy' : 'orders.side.sell')}
        </span>
      </Cell>
      <Cell column="lots" label={labels.lots}>
        <bdi className="order-row-size" dir="ltr">
          {formatLots(order.Quantity)}
          {order.Multiple > 0 && <span className="order-table-leverage"> · {order.Multiple}x</span>}
        </bdi>
      </Cell>
      <Cell column="open" label={labels.open}>
        <bdi dir="ltr" data-field={state === 'pending' ? 'target' : 'open'}>
          {price(order.Price)}
        </bdi>
      </Cell>
      <Cell column="current" label={labels.current}>
        <bdi dir="ltr" data-field={ended ? 'close' : 'current'}>
          {price(ended ? order.ClosePrice : live.price)}
        </bdi>
      </Cell>
      <Cell column="stops" label={labels.stops}>
        {/* Stop-loss over take-profit, one figure a line: side by side they overran the P/L column. */}
        <bdi dir="ltr" data-field="stops" className="order-table-stops">
          <span>{price(order.TargetLossPrice)}</span>
          <span className="visually-hidden"> / </span>
          <span>{price(order.TargetProfitPrice)}</span>
        </bdi>
      </Cell>
      <Cell column="profit" label={labels.profit}>
        <OrderProfitOrState state={state} profit={live.profit} />
      </Cell>
      <Cell column="actions" label={labels.actions}>
        {ended ? (
          <OrderRowTime time={dates.dateTime(new Date(order.CreateTime).toISOString())} order={order} />
        ) : (
          <OrderRowButtons order={order} actions={actions} />
        )}
      </Cell>
    </article>
  );
}
