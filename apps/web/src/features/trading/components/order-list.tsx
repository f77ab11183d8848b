import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/signed-amount';
import { useDateFormat } from '../../../hooks/use-date-format';
import { WEB_LIMITS } from '../../../lib/constants';
import { MONEY_PLACES } from '../../../lib/money-format';
import { restartOrders, useOrders } from '../api/get-orders';
import type { OrderTab } from '../api/trading-keys';
import { useOrderMarksStore } from '../stores/order-marks-store';
import { ordersOf } from '../utils/order-pages';
import { OrderRow, type OrderRowActions } from './order-row';
import { OrderSkeleton } from './order-skeleton';

const EMPTY_KEYS: Record<OrderTab, string> = {
  holding: 'orders.empty.holding',
  pending: 'orders.empty.pending',
  history: 'orders.empty.history',
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/**
 * One tab of the order list: 10 skeleton rows while the first page loads, pull-to-refresh that
 * ends after 500 ms, and the next page as the customer nears the end (spec sections 2 and 9).
 */
export function OrderList({ tab, actions }: { tab: OrderTab; actions: OrderRowActions }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const list = useOrders(tab);
  const orders = useMemo(() => ordersOf(list.data), [list.data]);

  const refresh = async () => {
    void restartOrders(queryClient, tab).catch(() => {});
    await wait(WEB_LIMITS.pullToRefreshMs);
  };

  const loadMore = async () => {
    const result = await list.fetchNextPage();
    // A failed page makes InfiniteScroll offer a retry instead of asking again at once.
    if (result.isError) throw result.error;
  };

  let body: ReactNode;
  if (list.isPending) body = <OrderSkeleton />;
  else if (list.isError && !list.data) {
    body = (
      <ErrorBlock
        status="disconnected"
        title={t('orders.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (orders.length === 0) {
    body = <ErrorBlock status="empty" title={t(EMPTY_KEYS[tab])} description="" />;
  } else {
    body = (
      <>
        <TabTotal tab={tab} fromList={list.data?.pages[0]?.all_fact_profits} />
        <div className="order-rows">
          {orders.map((order) => (
            <OrderRow key={order.Id} order={order} dates={dates} actions={actions} />
          ))}
        </div>
        <InfiniteScroll loadMore={loadMore} hasMore={list.hasNextPage} />
      </>
    );
  }

  return (
    <div className="order-list" data-tab={tab}>
      <PullToRefresh onRefresh={refresh}>{body}</PullToRefresh>
    </div>
  );
}
