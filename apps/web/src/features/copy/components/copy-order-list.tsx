import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, InfiniteScroll, PullToRefresh, Skeleton } from 'antd-mobile';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { WEB_LIMITS } from '../../../lib/constants';
import type { CopyOrderTab } from '../api/copy-keys';
import { restartCopyOrders, useCopyOrders } from '../api/get-copy-orders';
import { copyOrdersOf } from '../utils/copy-order-pages';
import { CopyOrderRow, type LiveFiguresHook } from './copy-order-row';

/** Spec section 9: a skeleton list of 10 rows. */
export const COPY_ORDER_SKELETON_ROWS = 10;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function CopyOrderSkeleton() {
  return (
    <div className="order-skeleton" aria-busy="true" data-testid="copy-order-skeleton">
      {Array.from({ length: COPY_ORDER_SKELETON_ROWS }, (_, index) => (
        // The rows are identical and never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} className="order-row order-skeleton-row">
          <Skeleton animated className="order-skeleton-line order-skeleton-head" />
          <Skeleton animated className="order-skeleton-line" />
        </div>
      ))}
    </div>
  );
}

/**
 * My copied orders of one tab (holding or history): 10 skeleton rows while the first page loads,
 * pull-to-refresh ending after 500 ms, the next page as the customer nears the end.
 */
export function CopyOrderList({
  tab,
  useLiveFigures,
}: {
  tab: CopyOrderTab;
  useLiveFigures: LiveFiguresHook;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const list = useCopyOrders(tab);
  const orders = useMemo(() => copyOrdersOf(list.data), [list.data]);

  const refresh = async () => {
    void restartCopyOrders(queryClient, tab).catch(() => {});
    await wait(WEB_LIMITS.pullToRefreshMs);
  };

  const loadMore = async () => {
    const result = await list.fetchNextPage();
    // A failed page makes InfiniteScroll offer a retry instead of asking again at once.
    if (result.isError) throw result.error;
  };

  let body: ReactNode;
  if (list.isPending) body = <CopyOrderSkeleton />;
  else if (list.isError && !list.data) {
    body = (
      <ErrorBlock
        status="disconnected"
        title={t('copy.orders.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (orders.length === 0) {
    body = (
      <ErrorBlock
        status="empty"
        title={t(tab === 'holding' ? 'copy.orders.emptyHolding' : 'copy.orders.emptyHistory')}
        description=""
      />
    );
  } else {
    body = (
      <>
        <div className="order-rows">
          {orders.map((order) => (
            <CopyOrderRow key={order.Id} order={order} dates={dates} useLiveFigures={useLiveFigures} />
          ))}
        </div>
        <InfiniteScroll loadMore={loadMore} hasMore={list.hasNextPage} />
      </>
    );
  }

  return (
    <div className="copy-order-list" data-tab={tab}>
      <PullToRefresh onRefresh={refresh}>{body}</PullToRefresh>
    </div>
  );
}
