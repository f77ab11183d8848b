import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { nextPageAfter, restartFromFirstPage } from './next-page';

const counts = (page: number, total: number, limit = 2) => ({ page, limit, total });

describe('nextPageAfter', () => {
  it('asks for the next page while the pages so far hold fewer items than the total', () => {
    expect(nextPageAfter(counts(1, 3), 2)).toBe(2);
    expect(nextPageAfter(counts(1, 5), 2)).toBe(2);
    expect(nextPageAfter(counts(2, 5), 2)).toBe(3);
  });

  it('stops once the pages reach the total', () => {
    expect(nextPageAfter(counts(2, 3), 1)).toBeUndefined();
    expect(nextPageAfter(counts(2, 4), 2)).toBeUndefined();
    expect(nextPageAfter(counts(3, 5), 1)).toBeUndefined();
  });

  it('stops after an empty page, even when the total says there is more', () => {
    expect(nextPageAfter(counts(1, 5), 0)).toBeUndefined();
    expect(nextPageAfter(counts(2, 9), 0)).toBeUndefined();
  });
});

describe('restartFromFirstPage', () => {
  it('drops the pages after the first, then reads the list again', async () => {
    const queryClient = new QueryClient();
    const key = ['list'];
    const seenWhenRead: unknown[] = [];
    queryClient.setQueryDefaults(key, {
      queryFn: () => {
        seenWhenRead.push(queryClient.getQueryData(key));
        return { pages: ['first again'], pageParams: [1] };
      },
    });
    queryClient.setQueryData<InfiniteData<string, number>>(key, {
      pages: ['first', 'second'],
      pageParams: [1, 2],
    });
    await restartFromFirstPage(queryClient, key);
    expect(seenWhenRead).toEqual([{ pages: ['first'], pageParams: [1] }]);
    expect(queryClient.getQueryData(key)).toEqual({ pages: ['first again'], pageParams: [1] });
    queryClient.clear();
  });
});
