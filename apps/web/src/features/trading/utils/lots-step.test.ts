import { describe, expect, it } from 'vitest';
import { canDecreaseLots, canIncreaseLots, stepLots } from './lots-step';

const LIMITS = { pip: '0.01', min: '0.01', max: '20' };

describe('stepLots', () => {
  it('steps by one Pip in exact decimals', () => {
    expect(stepLots('0.07', 1, LIMITS)).toBe('0.08');
    expect(stepLots('0.1', 1, LIMITS)).toBe('0.11');
    expect(stepLots('0.3', -1, LIMITS)).toBe('0.29');
  });

  it('stays within the minimum and maximum', () => {
    expect(stepLots('0.01', -1, LIMITS)).toBe('0.01');
    expect(stepLots('20', 1, LIMITS)).toBe('20');
    expect(stepLots('19.995', 1, LIMITS)).toBe('20');
  });

  it('starts again from the minimum when the box holds no number', () => {
    expect(stepLots('', 1, LIMITS)).toBe('0.01');
    expect(stepLots('.', -1, LIMITS)).toBe('0.01');
  });
});

describe('canDecreaseLots', () => {
  it('is disabled at or below the Pip step (spec section 5) and at the minimum', () => {
    expect(canDecreaseLots('0.01', LIMITS)).toBe(false);
    expect(canDecreaseLots('0.005', LIMITS)).toBe(false);
    expect(canDecreaseLots('0.02', LIMITS)).toBe(true);
    expect(canDecreaseLots('0.5', { pip: '0.1', min: '0.5' })).toBe(false);
    expect(canDecreaseLots('', LIMITS)).toBe(false);
  });
});

describe('canIncreaseLots', () => {
  it('stops at the maximum', () => {
    expect(canIncreaseLots('20', LIMITS)).toBe(false);
    expect(canIncreaseLots('19.99', LIMITS)).toBe(true);
    expect(canIncreaseLots('', LIMITS)).toBe(true);
  });
});
