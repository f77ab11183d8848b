import type { NewsItem, NewsList } from '@meridian/contract/content';
import { describe, expect, it } from 'vitest';
import { nextNewsPage } from '../api/get-news-list';
import { uniqueNews } from './unique-news';

function story(id: number): NewsItem {
  return {
    id,
    category_id: 1,
    language: 'en',
    title: `Story ${id}`,
    desc: '',
    logo: '',
    created_at: '2026-11-17T19:30:00.000Z',
  };
}

function page(ids: number[], pageNumber: number, total: number): NewsList {
  return { list: ids.map(story), page: pageNumber, limit: 2, total };
}

describe('news pages', () => {
  it('keeps each story once, in page order', () => {
    expect(uniqueNews([page([5, 4], 1, 5), page([4, 3], 2, 5)]).map((item) => item.id)).toEqual([5, 4, 3]);
  });

  it('asks for the next page only while the total is not reached', () => {
    expect(nextNewsPage(page([5, 4], 1, 5))).toBe(2);
    expect(nextNewsPage(page([1], 3, 5))).toBeUndefined();
    expect(nextNewsPage(page([], 2, 9))).toBeUndefined();
  });
});
