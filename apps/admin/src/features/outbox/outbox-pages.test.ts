import { OUTBOX_STATUSES } from '@meridian/contract/outbox-staff';
import { describe, expect, it } from 'vitest';
import { pagerTotal, STATUS_COLORS } from './outbox-pages';

describe('pagerTotal', () => {
  it('counts the rows up to this page, and one more when another page follows', () => {
    expect(pagerTotal(1, 25, { list: Array(25).fill(0), has_more: true })).toBe(26);
    expect(pagerTotal(3, 25, { list: Array(4).fill(0), has_more: false })).toBe(54);
    expect(pagerTotal(2, 25, { list: [], has_more: false })).toBe(25);
  });

  it('is 0 before the first answer', () => {
    expect(pagerTotal(1, 25, undefined)).toBe(0);
  });
});

describe('STATUS_COLORS', () => {
  it('colours every delivery state, failed in red and sent in green', () => {
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...OUTBOX_STATUSES].sort());
    expect(STATUS_COLORS.failed).toBe('red');
    expect(STATUS_COLORS.sent).toBe('green');
  });
});
