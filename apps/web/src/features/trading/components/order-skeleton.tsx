import { Skeleton } from 'antd-mobile';
import '../../../components/order-row.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const ORDER_SKELETON_ROWS = 10;

/** Stand-in rows shaped like the order rows while a tab's first page loads. */
export function OrderSkeleton() {
  return (
    <div className="order-skeleton" aria-busy="true" data-testid="order-skeleton">
      {Array.from({ length: ORDER_SKELETON_ROWS }, (_, index) => (
        // The rows are identical and never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} className="order-row order-skeleton-row">
          <Skeleton animated className="order-skeleton-line order-skeleton-head" />
          <Skeleton animated className="order-skeleton-line" />
          <Skeleton animated className="order-skeleton-line order-skeleton-short" />
        </div>
      ))}
    </div>
  );
}
