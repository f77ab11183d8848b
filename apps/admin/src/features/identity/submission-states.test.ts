import { describe, expect, it } from 'vitest';
import { STATE_COLORS, STATES } from './submission-states';

describe('the submission states', () => {
  it('offer the queue first', () => {
    expect(STATES).toEqual(['pending', 'verified', 'rejected', 'all']);
  });

  it('colour each state', () => {
    expect(STATE_COLORS).toEqual({ none: 'default', pending: 'gold', verified: 'green', rejected: 'red' });
  });
});
