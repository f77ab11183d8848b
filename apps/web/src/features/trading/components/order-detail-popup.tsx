import type { Order } from '@meridian/contract/trading';
import { ENTRY_TYPE } from '@meridian/contract/trading-codes';
import { Button } from 'antd-mobile';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/signed-amount';
import { useDateFormat } from '../../../hooks/use-date-format';
import { formatOrderAmount, MONEY_PLACES } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import { useOrderMark } from '../hooks/use-order-mark';
import { useTradingPaused } from '../hooks/use-trading-paused';
import { isSetPrice, SIDE_KEYS, STATE_KEYS, sideOf } from '../utils/order-labels';
import { OrderFills } from './order-fills';
import type { OrderRowActions } from './order-row';
import { TradingPausedNote } from './trading-paused-note';
import '../../../components/bottom-sheet.css';
import '../../../components/signed-amount.css';
import '../../../components/order-row.css';
import './order-detail-popup.css';
import { BottomSheet, SheetHead } from '../../../components/bottom-sheet';
import { CLOSE_REASON_KEYS } from '../../../lib/close-reason-keys';
import { formatLots } from '../../../lib/number-format';

type OrderDetailPopupProps = {
  /** The order shown; null closes the panel (also when a push removed the order from its list). */
  order: Order | null;
  onDismiss(): void;
  actions: Omit<OrderRowActions, 'onOpen'>;
};

type Field = { key: string; label: string; value: ReactNode };

function useDetailFields(order: Order): Field[] {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const live = useOrderMark(order);
  const side = sideOf(order);
  const price = (value: string) =>
    isSetPrice(value) ? <bdi dir="ltr">{formatPriceText(value, order.PricePrecision)}</bdi> : '--';
  const time = (ms: number) => (ms > 0 ? dates.dateTime(new Date(ms).toISOString()) : '--');
  const amount = (value: string) => <bdi dir="ltr">{formatOrderAmount(value)}</bdi>;
  const state = order.State;
  const fields: (Field | false)[] = [
    { key: 'id', label: t('orders.orderNo'), value: <bdi dir="ltr">{order.Id}</bdi> },
    { key: 'instrument', label: t('orders.instrument'), value: <bdi>{order.ForexTradeLists.ShowCode}</bdi> },
    { key: 'side', label: t('orders.direction'), value: t(SIDE_KEYS[side]) },
    {
      key: 'entry',
      label: t('orders.entryType'),
      value: t(order.EntryType === ENTRY_TYPE.market ? 'orders.entry.market' : 'orders.entry.pending'),
    },
    { key: 'state', label: t('orders.status'), value: t(STATE_KEYS[state]) },
    { key: 'lots', label: t('orders.lots'), value: <bdi dir="ltr">{formatLots(order.Quantity)}</bdi> },
    {
      key: 'leverage',
      label: t('orders.leverage'),
      value: order.Multiple > 0 ? <bdi dir="ltr">{order.Multiple}x</bdi> : t('orders.fixedMargin'),
    },
    { key: 'origin', label: t('orders.marketPriceAtOrder'), value: price(order.OriginPrice) },
    state === 'pending'
      ? { key: 'target', label: t('orders.targetPrice'), value: price(order.TargetPrice) }
      : {
          key: 'open',
          label: t('orders.openPrice'),
          value: state === 'cancelled' ? '--' : price(order.Price),
        },
    state === 'holding' || state === 'pending'
      ? { key: 'current', label: t('orders.currentPrice'), value: price(live.price) }
      : { key: 'close', label: t('orders.closePrice'), value: price(order.ClosePrice) },
    { key: 'stop-loss', label: t('orders.stopLoss'), value: price(order.TargetLossPrice) },
    { key: 'take-profit', label: t('orders.takeProfit'), value: price(order.TargetProfitPrice) },
    { key: 'margin', label: t('orders.margin'), value: amount(order.CautionMoney) },
    { key: 'fee', label: t('orders.fee'), value: amount(order.TradeFee) },
    (state === 'holding' || state === 'closed') && {
      key: 'profit',
      label: t(state === 'holding' ? 'orders.floatingProfit' : 'orders.realisedProfit'),
      value: <SignedAmount amount={live.profit} places={MONEY_PLACES.profit} testId="detail-profit" />,
    },
    { key: 'created', label: t('orders.placedAt'), value: time(order.CreateTime) },
    order.OpenTime > 0 && { key: 'opened', label: t('orders.openedAt'), value: time(order.OpenTime) },
    order.CloseTime > 0 && {
      key: 'closed',
      label: t(state === 'cancelled' ? 'orders.cancelledAt' : 'orders.closedAt'),
      value: time(order.CloseTime),
    },
    order.CloseReason !== '' && {
      key: 'reason',
      label: t('orders.closedBy'),
      value: t(CLOSE_REASON_KEYS[order.CloseReason]),
    },
  ];
  return fields.filter((field): field is Field => field !== false);
}

function OrderDetail({ order, onDismiss, actions }: { order: Order } & Omit<OrderDetailPopupProps, 'order'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const fields = useDetailFields(order);
  const open = order.State === 'holding' || order.State === 'pending';
  const paused = useTradingPaused();
  return (
    <div
      className="order-detail"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-order-id={order.Id}
    >
      <SheetHead titleId={titleId} title={t('orders.detailTitle')} onClose={onDismiss} />
      <dl className="order-detail-fields">
        {fields.map((field) => (
          <div key={field.key} className="figure-line order-detail-field" data-field={field.key}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      {order.State !== 'pending' && order.State !== 'cancelled' && <OrderFills order={order} />}
      {open && paused && <TradingPausedNote className="order-detail-paused" />}
      {open && (
        <div className="order-detail-actions">
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() => actions.onStops(order)}
            disabled={paused}
            data-action="stops"
          >
            {t('orders.setStopsLong')}
          </Button>
          {order.State === 'holding' ? (
            <Button
              block
              color="primary"
              onClick={() => actions.onClose(order)}
              disabled={paused}
              data-action="close"
            >
              {t('orders.closePosition')}
            </Button>
          ) : (
            <Button block color="danger" onClick={() => actions.onCancel(order)} data-action="cancel">
              {t('orders.cancelOrder')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** Every field of one order in a panel from the bottom (spec section 4), with its actions. */
export function OrderDetailPopup({ order, onDismiss, actions }: OrderDetailPopupProps) {
  // The last order stays drawn while the panel slides away, instead of an empty panel.
  const shown = useRef<Order | null>(null);
  if (order) shown.current = order;
  const content = order ?? shown.current;
  return (
    <BottomSheet
      open={order !== null}
      onClose={onDismiss}
      className="order-detail-popup"
      destroyOnClose={false}
    >
      {content && <OrderDetail order={content} onDismiss={onDismiss} actions={actions} />}
    </BottomSheet>
  );
}
