import type { Order } from '@meridian/contract/trading';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useTradingPaused } from '../hooks/use-trading-paused';
import type { OrderRowActions } from './order-row';

/**
 * The buttons a live order offers, on its phone card and on its desktop table line alike: stops,
 * then close for a position or cancel for a pending order. Stops and close wait while prices are
 * paused (the order list says why); cancelling a pending order needs no price and stays.
 */
export function OrderRowButtons({ order, actions }: { order: Order; actions: OrderRowActions }) {
  const { t } = useTranslation();
  const paused = useTradingPaused();
  return (
    <span className="order-row-actions">
      <Button
        size="mini"
        color="primary"
        fill="outline"
        onClick={() => actions.onStops(order)}
        disabled={paused}
        data-action="stops"
      >
        {t('orders.setStops')}
      </Button>
      {order.State === 'holding' ? (
        <Button
          size="mini"
          color="primary"
          onClick={() => actions.onClose(order)}
          disabled={paused}
          data-action="close"
        >
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
