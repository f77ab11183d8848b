import { describe, expect, it } from 'vitest';
import { followFixture } from '../../../testing/copy-fixtures';
import { sortFollows } from './follow-labels';

describe('sortFollows', () => {
  it('puts running follows first (newest first), then stopped ones (latest stop first)', () => {
    const follows = [
      followFixture({ id: 1, state: 'stopped', created_at: 1, stopped_at: 10 }),
      followFixture({ id: 2, state: 'active', created_at: 2 }),
      followFixture({ id: 3, state: 'paused', created_at: 5 }),
      followFixture({ id: 4, state: 'stopped', created_at: 3, stopped_at: 20 }),
    ];
    expect(sortFollows(follows).map((follow) => follow.id)).toEqual([3, 2, 4, 1]);
    // The list it was given is left as it was.
    expect(follows.map((follow) => follow.id)).toEqual([1, 2, 3, 4]);
  });
});
