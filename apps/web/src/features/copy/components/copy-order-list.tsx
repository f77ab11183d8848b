import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { LineSkeletonRows } from '../../../components/skeleton-rows';
import { useDateFormat } from '../../../hooks/use-date-format';
import type { CopyOrderTab } from '../api/copy-keys';
import { restartCopyOrders, useCopyOrders } from '../api/get-copy-orders';
import { copyOrdersOf } from '../utils/copy-order-pages';
import { CopyOrderRow, type LiveFiguresHook } from './copy-order-row';
import '../../../components/order-row.css';
import './copy-center.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const COPY_ORDER_SKELETON_ROWS = 10;

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
  return (
    <PagedList
      query={list}
      items={orders}
      itemKey={(order) => order.Id}
      renderItem={(order) => <CopyOrderRow order={order} dates={dates} useLiveFigures={useLiveFigures} />}
      restart={() => restartCopyOrders(queryClient, tab)}
      skeleton={
        <LineSkeletonRows prefix="order" count={COPY_ORDER_SKELETON_ROWS} testId="copy-order-skeleton" />
      }
      loadFailedTitle={t('copy.orders.loadFailed')}
      emptyTitle={t(tab === 'holding' ? 'copy.orders.emptyHolding' : 'copy.orders.emptyHistory')}
      className="copy-order-list"
      rowsClassName="order-rows"
      tab={tab}
    />
  );
}
