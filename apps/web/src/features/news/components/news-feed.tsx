import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { WEB_LIMITS } from '../../../lib/limits';
import { type NewsCategoryFilter, restartNewsList, useNewsList } from '../api/get-news-list';
import { uniqueNews } from '../utils/unique-news';
import { NewsRow } from './news-row';
import { NewsSkeleton } from './news-skeleton';
import './news.css';

type NewsFeedProps = {
  categoryId: NewsCategoryFilter;
  /** Where a story opens (the app owns its routes). */
  detailPath: (id: number) => string;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One category's stories: 10 skeleton rows while the first page loads, pull-to-refresh, and the
 * next page whenever the reader nears the end (spec sections 2 and 9).
 */
export function NewsFeed({ categoryId, detailPath }: NewsFeedProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const queryClient = useQueryClient();
  const news = useNewsList(categoryId);
  const stories = useMemo(() => uniqueNews(news.data?.pages ?? []), [news.data]);

  // Spec section 9: the pull indicator ends after 500 ms; the list updates when the answer lands.
  const refresh = async () => {
    void restartNewsList(queryClient, categoryId).catch(() => {});
    await wait(WEB_LIMITS.pullToRefreshMs);
  };

  const loadMore = async () => {
    const result = await news.fetchNextPage();
    // A failed page makes InfiniteScroll offer a retry instead of asking again at once.
    if (result.isError) throw result.error;
  };

  let body: ReactNode;
  if (news.isPending) body = <NewsSkeleton />;
  else if (news.isError && !news.data) {
    body = (
      <ErrorBlock status="disconnected" title={t('news.loadFailed')} description={t('common.loadFailedHint')}>
        <Button color="primary" fill="outline" onClick={() => void news.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (stories.length === 0)
    body = <ErrorBlock status="empty" title={t('news.empty')} description="" />;
  else {
    body = (
      <>
        <div className="news-rows">
          {stories.map((story) => (
            <NewsRow key={story.id} story={story} to={detailPath(story.id)} dates={dates} />
          ))}
        </div>
        <InfiniteScroll loadMore={loadMore} hasMore={news.hasNextPage} />
      </>
    );
  }

  return <PullToRefresh onRefresh={refresh}>{body}</PullToRefresh>;
}
