import type { NewsItem } from '@meridian/contract/content';
import { Link } from 'react-router';
import type { DateFormat } from '../../../hooks/use-date-format';
import { contentLanguageProps } from '../../../lib/content-language';
import { NewsLogo } from './news-logo';
import { OtherLanguageNote } from './other-language-note';
import './news.css';

type NewsRowProps = { story: NewsItem; to: string; dates: DateFormat };

/**
 * One story in the list: picture, title, summary and date (and a note when it is not in the
 * reader's language); the whole row opens it. The row runs in the story's language's direction.
 */
export function NewsRow({ story, to, dates }: NewsRowProps) {
  return (
    <Link className="news-row" to={to} {...contentLanguageProps(story.language)}>
      <NewsLogo src={story.logo} sizePx={56} />
      <span className="news-row-text">
        <span className="news-row-title">{story.title}</span>
        {story.desc && <span className="news-row-desc">{story.desc}</span>}
        <span className="news-row-meta">
          <time className="news-row-date" dateTime={story.created_at}>
            {/* In the reader's language, which may run the other way from the story's. */}
            <bdi>{dates.date(story.created_at)}</bdi>
          </time>
          <OtherLanguageNote language={story.language} />
        </span>
      </span>
    </Link>
  );
}
