import { Skeleton } from 'antd-mobile';
import { SkeletonRows } from '../../../components/skeleton-rows';
import './market.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const SKELETON_ROWS = 10;

/** Stand-in rows shaped like the market rows while the list loads. */
export function InstrumentSkeleton({ rows = SKELETON_ROWS }: { rows?: number }) {
  return (
    <SkeletonRows count={rows} className="instrument-skeleton" testId="instrument-skeleton">
      <div className="instrument-skeleton-row">
        <Skeleton animated className="skeleton-logo" />
        <div className="skeleton-names">
          <Skeleton animated className="skeleton-line skeleton-name" />
          <Skeleton animated className="skeleton-line skeleton-sub" />
        </div>
        <Skeleton animated className="skeleton-line skeleton-spark" />
        <div className="skeleton-quote">
          <Skeleton animated className="skeleton-line skeleton-price" />
          <Skeleton animated className="skeleton-line skeleton-change" />
        </div>
      </div>
    </SkeletonRows>
  );
}
