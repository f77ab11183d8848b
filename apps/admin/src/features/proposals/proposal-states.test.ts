import { describe, expect, it } from 'vitest';
import { FILTERS, filterOf, rejection, STATE_COLORS } from './proposal-states';

describe('filterOf', () => {
  it('reads the filter the address names, else the waiting proposals', () => {
    for (const filter of FILTERS) expect(filterOf(filter)).toBe(filter);
    expect(filterOf(null)).toBe('pending');
    expect(filterOf('')).toBe('pending');
    expect(filterOf('deleted')).toBe('pending');
  });
});

describe('rejection', () => {
  it('sends a written reason trimmed, and none when only spaces were typed', () => {
    expect(rejection(5, '  too wide  ')).toEqual({ id: 5, reason: 'too wide' });
    expect(rejection(5, '   ')).toEqual({ id: 5 });
  });
});

describe('STATE_COLORS', () => {
  it('colours each state', () => {
    expect(STATE_COLORS).toEqual({ pending: 'gold', applied: 'green', rejected: 'red', expired: 'default' });
  });
});
