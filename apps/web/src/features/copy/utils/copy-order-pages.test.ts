import { describe, expect, it } from 'vitest';
import { copyOrderFixture } from '../../../testing/copy-fixtures';
import { copyOrdersOf, nextCopyOrderPage } from './copy-order-pages';

const page = (ids: number[], pageNumber: number, total: number) => ({
  data: ids.map((Id) => copyOrderFixture({ Id })),
  total,
  page: pageNumber,
  limit: 2,
});

describe('copied order pages', () => {
  it('keeps each copy once, in the place it first came', () => {
    const pages = [page([1, 2], 1, 4), page([2, 3], 2, 4)];
    expect(copyOrdersOf({ pages }).map((order) => order.Id)).toEqual([1, 2, 3]);
    expect(copyOrdersOf(undefined)).toEqual([]);
  });

  it('asks for the next page while the total is not reached', () => {
    expect(nextCopyOrderPage(page([1, 2], 1, 3))).toBe(2);
    expect(nextCopyOrderPage(page([3], 2, 3))).toBeUndefined();
    expect(nextCopyOrderPage(page([], 2, 9))).toBeUndefined();
  });
});
