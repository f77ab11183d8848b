import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import type { NewsCategoryFilter } from '../../features/news/api/get-news-list';
import { NewsFeed } from '../../features/news/components/news-feed';
import { NewsTabs } from '../../features/news/components/news-tabs';
import type { RouteMeta } from '../route-meta';
import './news.css';

export const newsDetailPath = (id: number) => `/news/detail?id=${id}`;

/** /news (spec section 2): category tabs over an endless, pull-to-refresh list; kept alive. */
export function NewsRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState<NewsCategoryFilter>(null);
  return (
    <PageShell className="news-page" title={t(meta.titleKey)}>
      <NewsTabs value={categoryId} onChange={setCategoryId} />
      <NewsFeed key={categoryId ?? 'all'} categoryId={categoryId} detailPath={newsDetailPath} />
    </PageShell>
  );
}
