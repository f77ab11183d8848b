import type { AreaCode } from '@meridian/contract/settings';
import { describe, expect, it } from 'vitest';
import { defaultAreaOf } from './mobile-mode';
import { identifierOf } from './to-requests';

const AREAS: AreaCode[] = [
  { id: 193, global_code: '+852', code: 'HK', name: 'Hong Kong' },
  { id: 539, global_code: '+1', code: 'US', name: 'United States' },
  { id: 158, global_code: '+44', code: 'GB', name: 'United Kingdom' },
];

describe('defaultAreaOf (spec section 2: the second entry)', () => {
  it('is the second entry, or the only one', () => {
    expect(defaultAreaOf(AREAS)?.id).toBe(539);
    expect(defaultAreaOf(AREAS.slice(0, 1))?.id).toBe(193);
    expect(defaultAreaOf([])).toBeUndefined();
  });
});

describe('identifierOf', () => {
  it('sends a trimmed e-mail', () => {
    expect(identifierOf('email', { account: ' a@b.co ' }, 'none', undefined)).toEqual({
      type: 'email',
      account: 'a@b.co',
    });
  });

  it('sends the picked area with the number', () => {
    expect(identifierOf('mobile', { mobile: '91234567', area_id: 158 }, 'area-and-number', AREAS[1])).toEqual(
      {
        type: 'mobile',
        account: '91234567',
        area_id: 158,
      },
    );
  });

  it('sends the default area in number-only mode, whatever the form holds', () => {
    expect(identifierOf('mobile', { mobile: '91234567', area_id: 158 }, 'number-only', AREAS[1])).toEqual({
      type: 'mobile',
      account: '91234567',
      area_id: 539,
    });
  });
});
