import { Skeleton } from 'antd-mobile';
import './ranking.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const RANKING_SKELETON_ROWS = 10;

/** Stand-in rows shaped like the ranked traders while the ranking loads. */
export function RankingSkeleton() {
  return (
    <div className="rank-skeleton" aria-busy="true" data-testid="rank-skeleton">
      {Array.from({ length: RANKING_SKELETON_ROWS }, (_, index) => (
        // The rows are identical and never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} className="rank-row rank-skeleton-row">
          <Skeleton animated className="rank-skeleton-line rank-skeleton-head" />
          <Skeleton animated className="rank-skeleton-line" />
          <Skeleton animated className="rank-skeleton-line rank-skeleton-short" />
        </div>
      ))}
    </div>
  );
}
