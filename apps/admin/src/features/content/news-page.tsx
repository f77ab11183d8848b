import { StoriesPage } from './stories-page';

/** News (/news): stories in every customer language, drafts and published. */
export function NewsPage() {
  return <StoriesPage kind="news" />;
}
