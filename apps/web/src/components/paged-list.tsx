import { Button, ErrorBlock, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { Fragment, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WEB_LIMITS } from '../lib/limits';

/** What the list reads of its infinite query; the result of `useInfiniteQuery` fits. */
export type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  hasNextPage: boolean;
  fetchNextPage(): Promise<{ isError: boolean; error: Error | null }>;
  refetch(): Promise<unknown>;
};

type PagedListProps<Item> = {
  query: PagedQuery;
  /** The loaded pages' items, each once, in order. */
  items: readonly Item[];
  itemKey(item: Item): Key;
  renderItem(item: Item): ReactNode;
  /** Starts the list again from its first page (pull-to-refresh). */
  restart(): Promise<void>;
  /** Stand-in rows while the first page loads. */
  skeleton: ReactNode;
  loadFailedTitle: string;
  emptyTitle: string;
  /** The next step offered under the empty notice (a button to trade, say). */
  emptyAction?: ReactNode;
  /** Shown above the rows once there are some (a total of the list, say). */
  header?: ReactNode;
  className: string;
  rowsClassName: string;
  /** Which list this is (a tab), for styles and browser tests. */
  tab: string;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A list read page by page (spec section 9): skeleton rows while the first page loads, a retry
 * when it fails, an empty notice, pull-to-refresh that ends after 500 ms whatever the network
 * does, and the next page as the customer nears the end.
 */
export function PagedList<Item>({
  query,
  items,
  itemKey,
  renderItem,
  restart,
  skeleton,
  loadFailedTitle,
  emptyTitle,
  emptyAction,
  header,
  className,
  rowsClassName,
  tab,
}: PagedListProps<Item>) {
  const { t } = useTranslation();

  const refresh = async () => {
    void restart().catch(() => {});
    await wait(WEB_LIMITS.pullToRefreshMs);
  };

  const loadMore = async () => {
    const result = await query.fetchNextPage();
    // A failed page makes InfiniteScroll offer a retry instead of asking again at once.
    if (result.isError) throw result.error;
  };

  let body: ReactNode;
  if (query.isPending) body = skeleton;
  else if (query.isError && !query.data) {
    body = (
      <ErrorBlock status="disconnected" title={loadFailedTitle} description={t('common.loadFailedHint')}>
        <Button color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  } else if (items.length === 0) {
    body = (
      <ErrorBlock status="empty" title={emptyTitle} description="">
        {emptyAction}
      </ErrorBlock>
    );
  } else {
    body = (
      <>
        {header}
        <div className={rowsClassName}>
          {items.map((item) => (
            <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
          ))}
        </div>
        <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage} />
      </>
    );
  }

  return (
    <div className={className} data-tab={tab}>
      <PullToRefresh onRefresh={refresh}>{body}</PullToRefresh>
    </div>
  );
}
