import { describe, expect, it } from 'vitest';
import { stoppedMessage } from './use-follow-actions';

describe('stoppedMessage', () => {
  it('says how many copies closed, and how many wait for their market', () => {
    expect(stoppedMessage({ closed: 0, waiting: 0 }).key).toBe('copy.stop.done');
    expect(stoppedMessage({ closed: 2, waiting: 0 })).toEqual({
      key: 'copy.stop.doneClosed',
      params: { closed: '\u20662\u2069', waiting: '\u20660\u2069' },
    });
    expect(stoppedMessage({ closed: 1, waiting: 1 }).key).toBe('copy.stop.doneWaiting');
  });
});
