import type { NewsItem } from '@meridian/contract/content';
import { firstOfEach } from '../../../lib/first-of-each';

/**
 * The stories of every loaded page, each once. A story published while the reader scrolls shifts
 * the pages by one, so the next page can repeat the last story of the one before.
 */
export function uniqueNews(pages: readonly { list: readonly NewsItem[] }[]): NewsItem[] {
  return firstOfEach(
    pages.map((page) => page.list),
    (story) => story.id,
  );
}
