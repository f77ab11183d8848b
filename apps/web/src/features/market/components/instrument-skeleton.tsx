import { Skeleton } from 'antd-mobile';
import './market.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const SKELETON_ROWS = 10;

/** Stand-in rows shaped like the market rows while the list loads. */
export function InstrumentSkeleton({ rows = SKELETON_ROWS }: { rows?: number }) {
  return (
    <div className="instrument-skeleton" aria-busy="true" data-testid="instrument-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        // The rows are identical and never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} className="instrument-skeleton-row">
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
      ))}
    </div>
  );
}
