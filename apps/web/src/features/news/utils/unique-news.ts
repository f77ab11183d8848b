import type { NewsItem } from '@meridian/contract/content';

/**
 * The stories of every loaded page, each once. A story published while the reader scrolls shifts
 * the pages by one, so the next page can repeat the last story of the one before.
 */
export function uniqueNews(pages: readonly { list: readonly NewsItem[] }[]): NewsItem[] {
  const seen = new Set<number>();
  const stories: NewsItem[] = [];
  for (const page of pages) {
    for (const story of page.list) {
      if (seen.has(story.id)) continue;
      seen.add(story.id);
      stories.push(story);
    }
  }
  return stories;
}
