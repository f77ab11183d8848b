import { Skeleton } from 'antd-mobile';
import { SkeletonRows } from '../../../components/skeleton-rows';
import './ranking.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const RANKING_SKELETON_ROWS = 10;

/** Stand-in rows shaped like the ranked traders while the ranking loads. */
export function RankingSkeleton() {
  return (
    <SkeletonRows count={RANKING_SKELETON_ROWS} className="rank-skeleton" testId="rank-skeleton">
      <div className="rank-row rank-skeleton-row">
        <Skeleton animated className="rank-skeleton-line rank-skeleton-head" />
        <Skeleton animated className="rank-skeleton-line" />
        <Skeleton animated className="rank-skeleton-line rank-skeleton-short" />
      </div>
    </SkeletonRows>
  );
}
