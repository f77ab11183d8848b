import { describe, expect, it } from 'vitest';
import { copyOrderFixture } from '../../../testing/copy-fixtures';
import { copyOrdersOf } from './copy-order-pages';

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
});
