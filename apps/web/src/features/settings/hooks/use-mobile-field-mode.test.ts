import { describe, expect, it } from 'vitest';
import { mobileFieldModeOf } from './use-mobile-field-mode';

describe('mobileFieldModeOf (is_show_mobile)', () => {
  it('maps 1 and 3 and turns anything else off', () => {
    expect(mobileFieldModeOf('1')).toBe('area-and-number');
    expect(mobileFieldModeOf('3')).toBe('number-only');
    expect(mobileFieldModeOf('0')).toBe('none');
    expect(mobileFieldModeOf('2')).toBe('none');
    expect(mobileFieldModeOf(undefined)).toBe('none');
  });
});
