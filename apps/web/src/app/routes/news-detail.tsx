import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { NewsArticle } from '../../features/news/components/news-article';
import './news-detail.css';

function storyIdOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /news/detail?id= (spec section 2: no footer). */
export function NewsDetailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = storyIdOf(params.get('id'));
  return (
    <PageShell className="news-detail-page" title={t('nav.newsDetail')}>
      <NewsArticle key={id ?? 'none'} id={id} />
    </PageShell>
  );
}
