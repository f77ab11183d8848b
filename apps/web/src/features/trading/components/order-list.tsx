import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { SignedAmount } from '../../../components/signed-amount';
import { LineSkeletonRows } from '../../../components/skeleton-rows';
import { useDateFormat } from '../../../hooks/use-date-format';
import { useIsDesktop } from '../../../hooks/use-is-desktop';
import { MONEY_PLACES } from '../../../lib/money-format';
import { restartOrders, useOrders } from '../api/get-orders';
import type { OrderTab } from '../api/trading-keys';
import { useOrderMarksStore } from '../stores/order-marks-store';
import { ordersOf } from '../utils/order-pages';
import { OrderRow, type OrderRowActions } from './order-row';
import { OrderTableHead, OrderTableRow } from './order-table-row';
import '../../../components/signed-amount.css';
import './order-center.css';
import '../../../components/order-row.css';

/** Spec section 9: a skeleton list of 10 rows. */
const ORDER_SKELETON_ROWS = 10;

const EMPTY_KEYS: Record<OrderTab, string> = {
  holding: 'orders.empty.holding',
  pending: 'orders.empty.pending',
  history: 'orders.empty.history',
};

/** The tab's profit total (all_fact_profits): floating for positions (live), realised for history. */
function TabTotal({ tab, fromList }: { tab: OrderTab; fromList: string | undefined }) {
  const { t } = useTranslation();
  const live = useOrderMarksStore((state) =>
    tab === 'holding' ? state.totals?.all_fact_profits : undefined,
  );
  const total = live ?? fromList;
  if (tab === 'pending' || total === undefined) return null;
  return (
    <div className="order-tab-total" data-testid="order-tab-total">
      <span>{t(tab === 'holding' ? 'orders.floatingTotal' : 'orders.realisedTotal')}</span>
      <SignedAmount amount={total} places={MONEY_PLACES.profit} />
    </div>
  );
}

type OrderListProps = {
  tab: OrderTab;
  actions: OrderRowActions;
  /** Opens the trade page; with it, an empty holding list offers a button to trade (the next step). */
  onTrade?: () => void;
};

/**
 * One tab of the order list: 10 skeleton rows while the first page loads, pull-to-refresh that
 * ends after 500 ms, and the next page as the customer nears the end (spec sections 2 and 9). On a
 * desktop-wide window the orders are lines of a table under column heads, not phone cards.
 */
export function OrderList({ tab, actions, onTrade }: OrderListProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const list = useOrders(tab);
  const orders = useMemo(() => ordersOf(list.data), [list.data]);
  const table = useIsDesktop();
  return (
    <PagedList
      query={list}
      items={orders}
      itemKey={(order) => order.Id}
      renderItem={(order) =>
        table ? (
          <OrderTableRow order={order} tab={tab} dates={dates} actions={actions} />
        ) : (
          <OrderRow order={order} dates={dates} actions={actions} />
        )
      }
      restart={() => restartOrders(queryClient, tab)}
      skeleton={<LineSkeletonRows prefix="order" count={ORDER_SKELETON_ROWS} testId="order-skeleton" short />}
      loadFailedTitle={t('orders.loadFailed')}
      emptyTitle={t(EMPTY_KEYS[tab])}
      emptyAction={
        tab === 'holding' && onTrade ? (
          <Button className="order-empty-trade" color="primary" onClick={onTrade}>
            {t('orders.startTrading')}
          </Button>
        ) : undefined
      }
      header={
        <>
          <TabTotal tab={tab} fromList={list.data?.pages[0]?.all_fact_profits} />
          {table && <OrderTableHead tab={tab} />}
        </>
      }
      className="order-list"
      rowsClassName={table ? 'order-rows is-table' : 'order-rows'}
      tab={tab}
    />
  );
}
