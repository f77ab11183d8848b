import type { Order } from '@meridian/contract/trading';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../lib/bidi';
import { formatSignedMoney, MONEY_PLACES } from '../../../lib/money-format';
import { formatLots } from '../../../lib/number-format';
import { useCancelOrder } from '../api/cancel-order';
import { useCloseOrder } from '../api/close-order';
import { useOrderMarksStore } from '../stores/order-marks-store';
import type { EndedOrder } from '../utils/order-ended-message';
import { SIDE_KEYS, sideOf } from '../utils/order-labels';
import { useOrderAnnouncer } from './use-order-announcer';

/** What the announcer needs of an order the server has just closed or cancelled. */
function endedOf(order: Order): EndedOrder {
  return {
    orderId: order.Id,
    showCode: order.ForexTradeLists.ShowCode,
    state: order.State,
    reason: order.CloseReason || 'user',
    profit: order.FactProfits,
  };
}

/**
 * Closing a position and cancelling a pending order, each after the customer confirms (spec
 * section 2: close with confirmation). The outcome is toasted once, whether the answer or the
 * `forex.closed` push arrives first.
 */
export function useOrderActions() {
  const { t } = useTranslation();
  const announce = useOrderAnnouncer();
  const close = useCloseOrder();
  const cancel = useCancelOrder();

  const confirmClose = async (order: Order) => {
    const profit = useOrderMarksStore.getState().marks[order.Id]?.FactProfits ?? order.FactProfits;
    await Dialog.confirm({
      title: t('orders.closeConfirmTitle'),
      content: t('orders.closeConfirm', {
        side: t(SIDE_KEYS[sideOf(order)]),
        lots: ltr(formatLots(order.Quantity)),
        code: ltr(order.ForexTradeLists.ShowCode),
        profit: ltr(formatSignedMoney(profit, MONEY_PLACES.profit)),
      }),
      confirmText: t('orders.closePosition'),
      cancelText: t('common.cancel'),
      // The confirm button spins until the answer; no page-wide spinner, whose end would also
      // sweep away the toast of a forex.closed push arriving first.
      onConfirm: async () => {
        try {
          const closed = await close.mutateAsync(order.Id);
          announce(endedOf(closed));
        } catch {
          // The API client has shown the server's message (market closed, already closed...).
        }
      },
    });
  };

  const confirmCancel = async (order: Order) => {
    await Dialog.confirm({
      title: t('orders.cancelConfirmTitle'),
      content: t('orders.cancelConfirm'),
      confirmText: t('orders.cancelOrder'),
      cancelText: t('orders.keepOrder'),
      onConfirm: async () => {
        try {
          announce(endedOf(await cancel.mutateAsync(order.Id)));
        } catch {
          // The API client has shown the server's message.
        }
      },
    });
  };

  return { confirmClose, confirmCancel };
}
