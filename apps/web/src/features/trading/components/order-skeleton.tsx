import { Skeleton } from 'antd-mobile';
import { SkeletonRows } from '../../../components/skeleton-rows';
import '../../../components/order-row.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const ORDER_SKELETON_ROWS = 10;

/** Stand-in rows shaped like the order rows while a tab's first page loads. */
export function OrderSkeleton() {
  return (
    <SkeletonRows count={ORDER_SKELETON_ROWS} className="order-skeleton" testId="order-skeleton">
      <div className="order-row order-skeleton-row">
        <Skeleton animated className="order-skeleton-line order-skeleton-head" />
        <Skeleton animated className="order-skeleton-line" />
        <Skeleton animated className="order-skeleton-line order-skeleton-short" />
      </div>
    </SkeletonRows>
  );
}
