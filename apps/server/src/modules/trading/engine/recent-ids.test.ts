import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecentIds } from './recent-ids';

describe('RecentIds', () => {
  it('remembers exactly the last `capacity` distinct ids added, like a Set evicting its oldest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 200 }),
        (capacity, ids) => {
          const recent = new RecentIds(capacity);
          const model = new Set<number>();
          for (const id of ids) {
            recent.add(id);
            if (!model.has(id)) {
              model.add(id);
              if (model.size > capacity) model.delete(model.values().next().value as number);
            }
          }
          expect(recent.size).toBe(model.size);
          for (let id = 0; id <= 60; id++) expect(recent.has(id)).toBe(model.has(id));
        },
      ),
    );
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RecentIds(0)).toThrow();
    expect(() => new RecentIds(1.5)).toThrow();
  });
});
