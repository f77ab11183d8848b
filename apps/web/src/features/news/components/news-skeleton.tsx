import { Skeleton } from 'antd-mobile';
import './news.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const NEWS_SKELETON_ROWS = 10;

/** Stand-in rows shaped like the news rows while the first page loads. */
export function NewsSkeleton() {
  return (
    <div className="news-skeleton" aria-busy="true" data-testid="news-skeleton">
      {Array.from({ length: NEWS_SKELETON_ROWS }, (_, index) => (
        // The rows are identical and never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} className="news-row news-skeleton-row">
          <Skeleton animated className="news-skeleton-logo" />
          <div className="news-row-text">
            <Skeleton animated className="news-skeleton-line news-skeleton-title" />
            <Skeleton animated className="news-skeleton-line" />
            <Skeleton animated className="news-skeleton-line news-skeleton-date" />
          </div>
        </div>
      ))}
    </div>
  );
}
