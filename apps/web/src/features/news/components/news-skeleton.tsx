import { Skeleton } from 'antd-mobile';
import { SkeletonRows } from '../../../components/skeleton-rows';
import './news.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const NEWS_SKELETON_ROWS = 10;

/** Stand-in rows shaped like the news rows while the first page loads. */
export function NewsSkeleton() {
  return (
    <SkeletonRows count={NEWS_SKELETON_ROWS} className="news-skeleton" testId="news-skeleton">
      <div className="news-row news-skeleton-row">
        <Skeleton animated className="news-skeleton-logo" />
        <div className="news-row-text">
          <Skeleton animated className="news-skeleton-line news-skeleton-title" />
          <Skeleton animated className="news-skeleton-line" />
          <Skeleton animated className="news-skeleton-line news-skeleton-date" />
        </div>
      </div>
    </SkeletonRows>
  );
}
