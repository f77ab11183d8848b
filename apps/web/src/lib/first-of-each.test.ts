import { describe, expect, it } from 'vitest';
import { firstOfEach } from './first-of-each';

describe('first of each', () => {
  it('keeps the first copy of an id, in place, across pages', () => {
    const pages = [
      [
        { id: 3, copy: 1 },
        { id: 2, copy: 1 },
      ],
      [
        { id: 2, copy: 2 },
        { id: 1, copy: 1 },
      ],
    ];
    expect(firstOfEach(pages, (item) => item.id)).toEqual([
      { id: 3, copy: 1 },
      { id: 2, copy: 1 },
      { id: 1, copy: 1 },
    ]);
  });

  it('is empty for no pages', () => {
    expect(firstOfEach([], (item: { id: number }) => item.id)).toEqual([]);
  });
});
