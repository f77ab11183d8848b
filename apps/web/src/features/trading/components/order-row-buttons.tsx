import type { Order } from '@meridian/contract/trading';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OrderRowActions } from './order-row';

/**
 * The buttons a live order offers, on its phone card and on its desktop table line alike: stops,
 * then close for a position or cancel for a pending order.
 */
export function OrderRowButtons({ order, actions }: { order: Order; actions: OrderRowActions }) {
  const { t } = useTranslation();
  return (
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
      {order.State === 'holding' ? (
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
  );
}
