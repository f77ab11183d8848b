import type { NewsItem, NewsList } from '@meridian/contract/content';
import { describe, expect, it } from 'vitest';
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
});
