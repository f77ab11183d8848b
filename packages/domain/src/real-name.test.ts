import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  maskCardId,
  type RealNameEvent,
  type RealNameState,
  reviewStatusOf,
  transitionRealName,
} from './real-name';

const STATES: RealNameState[] = ['none', 'pending', 'verified', 'rejected'];
const EVENTS: RealNameEvent[] = ['submit', 'approve', 'reject'];

describe('real-name state machine', () => {
  it('moves none -> pending -> verified', () => {
    expect(transitionRealName('none', 'submit')).toEqual({ ok: true, state: 'pending' });
    expect(transitionRealName('pending', 'approve')).toEqual({ ok: true, state: 'verified' });
  });

  it('refuses a second submission while pending and any after verification', () => {
    expect(transitionRealName('pending', 'submit')).toEqual({ ok: false, refusal: 'already_pending' });
    expect(transitionRealName('verified', 'submit')).toEqual({ ok: false, refusal: 'already_verified' });
  });

  it('allows a new submission after a rejection', () => {
    expect(transitionRealName('pending', 'reject')).toEqual({ ok: true, state: 'rejected' });
    expect(transitionRealName('rejected', 'submit')).toEqual({ ok: true, state: 'pending' });
  });

  it('reviews only a pending submission', () => {
    for (const state of ['none', 'verified', 'rejected'] as const) {
      expect(transitionRealName(state, 'approve')).toEqual({ ok: false, refusal: 'not_pending' });
      expect(transitionRealName(state, 'reject')).toEqual({ ok: false, refusal: 'not_pending' });
    }
  });

  it('never leaves verified, whatever happens', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EVENTS), { maxLength: 30 }), (events) => {
        let state: RealNameState = 'verified';
        for (const event of events) {
          const next = transitionRealName(state, event);
          if (next.ok) state = next.state;
        }
        expect(state).toBe('verified');
      }),
    );
  });

  it('reaches verified only through an approval of a pending submission', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATES), fc.constantFrom(...EVENTS), (state, event) => {
        const next = transitionRealName(state, event);
        if (next.ok && next.state === 'verified' && state !== 'verified') {
          expect([state, event]).toEqual(['pending', 'approve']);
        }
      }),
    );
  });

  it('answers review_status 0 for the form (none, rejected), 1 pending, 2 verified', () => {
    expect(STATES.map(reviewStatusOf)).toEqual([0, 1, 2, 0]);
  });
});

describe('maskCardId', () => {
  it('keeps the first and last two characters', () => {
    expect(maskCardId('A1234567')).toBe('A1****67');
    expect(maskCardId('12345')).toBe('12*45');
  });

  it('masks short numbers entirely', () => {
    expect(maskCardId('1234')).toBe('****');
    expect(maskCardId('')).toBe('');
  });

  it('keeps the length and never shows the middle', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 5, maxLength: 32 }), (id) => {
        const masked = maskCardId(id);
        expect([...masked].length).toBe([...id].length);
        expect(masked.slice(2, -2)).toMatch(/^\*+$/);
      }),
    );
  });
});
