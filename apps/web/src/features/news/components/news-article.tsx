import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/rich-text';
import { useDateFormat } from '../../../hooks/use-date-format';
import { contentLanguageProps } from '../../../lib/content-language';
import { useNewsCategories } from '../api/get-news-categories';
import { useNewsInfo } from '../api/get-news-info';
import { NewsLogo } from './news-logo';
import { OtherLanguageNote } from './other-language-note';
import './news.css';
import './news-article.css';
import '../../../components/rich-text.css';

/** /news/detail?id=: the story with its category, date, picture, summary and content. */
export function NewsArticle({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const story = useNewsInfo(id);
  const categories = useNewsCategories();

  if (id === null) return <ErrorBlock status="empty" title={t('news.notFound')} description="" />;
  if (story.isPending) {
    return (
      <div className="news-article" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (story.isError) {
    return (
      <ErrorBlock status="default" title={t('news.notFound')} description={t('common.loadFailedHint')}>
        <Button color="primary" fill="outline" onClick={() => void story.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const item = story.data;
  const category = categories.data?.find((entry) => entry.id === item.category_id);
  return (
    <article className="news-article" {...contentLanguageProps(item.language)}>
      <header className="news-article-header">
        {category && <span className="news-article-category">{category.name}</span>}
        <h1 className="news-article-title">{item.title}</h1>
        <div className="news-article-meta">
          <NewsLogo src={item.logo} sizePx={28} />
          <time dateTime={item.created_at}>
            <bdi>{dates.dateTime(item.created_at)}</bdi>
          </time>
          <OtherLanguageNote language={item.language} />
        </div>
      </header>
      {item.desc && <p className="news-article-lead">{item.desc}</p>}
      <RichText className="news-article-content" html={item.content} />
    </article>
  );
}
