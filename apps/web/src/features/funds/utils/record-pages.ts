import type { InfiniteData } from '@tanstack/react-query';
import { firstOfEach } from '../../../lib/first-of-each';

type Page<Item> = { list: Item[] };

/**
 * The loaded pages with `record` in place of the one with its id (a pushed outcome), or undefined
 * when no loaded page holds it (then the list is read again, where it will appear).
 */
export function withRecordReplaced<Item extends { id: number }, P extends Page<Item>>(
  data: InfiniteData<P, number> | undefined,
  record: Item,
): InfiniteData<P, number> | undefined {
  if (!data) return undefined;
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.list.some((item) => item.id === record.id)) return page;
    found = true;
    return { ...page, list: page.list.map((item) => (item.id === record.id ? record : item)) };
  });
  return found ? { ...data, pages } : undefined;
}

/** The loaded pages' records, each once (a record can move to the next page while the reader pages). */
export function recordsOf<Item extends { id: number }>(pages: readonly Page<Item>[]): Item[] {
  return firstOfEach(
    pages.map((page) => page.list),
    (item) => item.id,
  );
}
